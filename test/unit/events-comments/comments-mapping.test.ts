// The one rule of "unanswered" (docs/business-api.md) and the mapping of platform comments into the inbox.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Comment } from '../../../shared/platform/resources';
import { toCommentsInbox } from '../../../electron/services/platform/comments-mapping';

type C = z.input<typeof Comment>;
let n = 0;
function comment(over: Partial<C> & { at: string }): C {
  n++;
  const { at, ...rest } = over;
  return { id: `c${n}`, target: { kind: 'course', id: 'crs_1', title: 'Watercolour basics' }, parent_id: null, author_name: `Learner ${n}`, body: 'Hi', created_at: `2026-11-${at}Z`, author_role: 'learner', url: `https://s.example/c#${n}`, ...rest };
}

describe('unanswered comments', () => {
  it('a learner comment is unanswered until staff reply in its thread after it; staff comments are not in the inbox', () => {
    const root = comment({ at: '01T10:00:00', id: 'root' });
    const reply = comment({ at: '01T11:00:00', id: 'reply', parent_id: 'root' });
    const staff = comment({ at: '01T12:00:00', id: 'staff', parent_id: 'reply', author_role: 'staff', author_name: 'Ana (teacher)' });
    const followUp = comment({ at: '01T13:00:00', id: 'follow', parent_id: 'staff' });
    const alone = comment({ at: '02T09:00:00', id: 'alone', target: { kind: 'post', id: 'pst_1', title: 'News' } });
    const inbox = toCommentsInbox([root, reply, staff, followUp, alone]);
    const byId = new Map(inbox.comments.map((c) => [c.id, c]));
    expect([...byId.keys()]).not.toContain('staff');
    // Answered: the staff reply deep in the thread came after them, even though it replied to another comment.
    expect(byId.get('root')).toMatchObject({ unanswered: false, answeredBy: 'Ana (teacher)', isReply: false });
    expect(byId.get('reply')).toMatchObject({ unanswered: false, answeredBy: 'Ana (teacher)', isReply: true });
    // A follow-up after the staff answer waits again; a comment in another thread is not answered by it.
    expect(byId.get('follow')).toMatchObject({ unanswered: true, answeredBy: null });
    expect(byId.get('alone')).toMatchObject({ unanswered: true, where: { kind: 'post', id: 'pst_1', title: 'News' }, url: 'https://s.example/c#5' });
    // Unanswered first, newest first within each group.
    expect(inbox.comments.map((c) => c.id)).toEqual(['alone', 'follow', 'reply', 'root']);
    expect(inbox.knowsStaff).toBe(true);
  });

  it('a staff comment that came before the learner’s does not answer it', () => {
    const staff = comment({ at: '01T09:00:00', id: 's', author_role: 'staff' });
    const question = comment({ at: '01T10:00:00', id: 'q', parent_id: 's' });
    expect(toCommentsInbox([staff, question]).comments).toMatchObject([{ id: 'q', unanswered: true }]);
  });

  it('a reply whose parent is not in the list, or a loop, still gets a thread', () => {
    const orphan = comment({ at: '01T09:00:00', id: 'o', parent_id: 'gone' });
    const a = comment({ at: '01T09:00:00', id: 'a', parent_id: 'b' });
    const b = comment({ at: '01T10:00:00', id: 'b', parent_id: 'a', author_role: 'staff' });
    const inbox = toCommentsInbox([orphan, a, b]);
    expect(inbox.comments.map((c) => [c.id, c.unanswered])).toEqual([['o', true], ['a', false]]);
  });

  it('without author roles or links from the platform: everything is unanswered and said so, no link', () => {
    const plain = { id: 'p', target: { kind: 'lecture' as const, id: 'lec_1' }, parent_id: null, author_name: 'Kim', body: 'Q', created_at: '2026-11-01T00:00:00Z' };
    const reply = { ...plain, id: 'r', parent_id: 'p', author_name: 'Teacher', created_at: '2026-11-02T00:00:00Z' };
    const inbox = toCommentsInbox([plain, reply]);
    expect(inbox.knowsStaff).toBe(false);
    expect(inbox.comments.every((c) => c.unanswered && c.url === null)).toBe(true);
    expect(inbox.comments[1]!.where).toEqual({ kind: 'lecture', id: 'lec_1', title: null });
  });
});

describe('a comment’s link from the platform', () => {
  it('is kept only when it is an http(s) address without credentials; anything else becomes no link', () => {
    const links: [string, string | null][] = [
      ['https://s.example/courses/1#comment-2', 'https://s.example/courses/1#comment-2'],
      ['http://127.0.0.1:4000/c', 'http://127.0.0.1:4000/c'],
      ['javascript:alert(document.cookie)', null],
      ['JavaScript:alert(1)', null],
      ['data:text/html,<script>alert(1)</script>', null],
      ['file:///etc/passwd', null],
      ['vbscript:msgbox(1)', null],
      ['https://user:pass@s.example/c', null],
      [' javascript:alert(1)', null],
      ['not a link', null],
    ];
    for (const [url, expected] of links) {
      expect(toCommentsInbox([comment({ at: '01T10:00:00', url })]).comments[0]!.url, url).toBe(expected);
    }
  });
});
