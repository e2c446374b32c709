// The sandbox's list hold (Sandbox.holdList): a list operation's pages wait unanswered until released, while
// every other request is served; closing the sandbox lets the held ones go, so a spec can stop the platform in
// the middle of a sync without racing it.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('holdList', () => {
  it('holds the pages of one list operation until released, and serves everything else meanwhile', async () => {
    sandbox = await startSandbox({ orders: 50, quiet: true });
    const release = sandbox.holdList('listCourses');
    let settled = false;
    const held = fetch(`${sandbox.url}/api/v1/courses?limit=5`).then((response) => {
      settled = true;
      return response;
    });
    expect((await fetch(`${sandbox.url}/openapi.json`)).status).toBe(200);
    expect(settled).toBe(false);
    release();
    const response = await held;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    // Released: the next page is answered at once.
    expect((await fetch(`${sandbox.url}/api/v1/courses?limit=5`)).status).toBe(200);
  });

  it('a held request fails when the platform closes, and closing does not wait for it', async () => {
    sandbox = await startSandbox({ orders: 50, quiet: true });
    sandbox.holdList('listCourses');
    const held = fetch(`${sandbox.url}/api/v1/courses?limit=5`);
    // The request has reached the server once another one on a fresh connection is answered.
    expect((await fetch(`${sandbox.url}/openapi.json`)).status).toBe(200);
    await sandbox.close();
    sandbox = undefined;
    await expect(held).rejects.toThrow();
  });
});
