// A JSON Schema `pattern` from the platform's /openapi.json, checked in time linear in the text. JavaScript's
// RegExp backtracks: a pattern such as `^(a+)+$` takes exponential time on "aaaa…!", and since the same check
// runs in the edit form and again in the main process, one hostile or careless schema would hang both. So a
// pattern is never run by RegExp: it runs on RE2JS (a port of RE2: automata, no backtracking, linear time).
// What RE2 cannot run in linear time (back-references, look-arounds) and patterns too large are not checked
// here at all (null): the platform still checks them, and the form says so.
import { RE2JS } from 're2js';

/** The longest pattern read (the JSON Schema keyword's text). */
export const MAX_PATTERN_CHARS = 500;
/**
 * RE2's compiled size bounds the constant of "linear": at 500 instructions a 10 000-character text is checked
 * in well under a second at worst; a real pattern (a colour, a date-time) compiles to 10 to 120.
 */
const MAX_PROGRAM_SIZE = 500;

// JavaScript's \s is Unicode white space (the ideographic space U+3000 that Chinese text uses among them);
// RE2's is ASCII only. Written out, both engines agree on what a pattern means.
const JS_SPACE = '\\u0009-\\u000d\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
// JavaScript's `.` stops at every line terminator, RE2's at \n only.
const JS_DOT = '[^\\u000a\\u000d\\u2028\\u2029]';

// The escapes both engines read alike (after RE2JS.translateRegExp): classes, control characters, \x \u \c,
// Unicode properties and escaped syntax characters. Not \1 or \k<name>: back-references, which RE2 cannot run
// (translateRegExp would even turn \k into a plain k).
const SAME_ESCAPES = /[dDwWsSbBtnrfv0xucpP^$\\.*+?()[\]{}|/-]/;

/**
 * The pattern in RE2JS's syntax with JavaScript's meaning of `\s`, `\S` and `.`, or null when that cannot be
 * written (a back-reference, `\S` inside a negated class, an empty class). `source` is a valid ECMAScript
 * pattern (u flag). Inside a class, `\S` stays RE2's (all but ASCII white space): the class then matches a
 * little more than in JavaScript, never less, so the app never refuses what the platform would accept; and
 * `[\s\S]`, "any character", stays exact.
 */
function withJavaScriptMeaning(source: string): string | null {
  let out = '';
  let inClass = false;
  let negated = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      i++;
      if (!SAME_ESCAPES.test(next) || (next === '0' && /\d/.test(source[i + 1] ?? ''))) return null;
      if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (next === 'S') {
        if (inClass && negated) return null;
        out += inClass ? '\\S' : `[^${JS_SPACE}]`;
      } else out += c + next;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      // `[]` matches nothing in JavaScript but opens a class holding `]` in RE2: not worth translating.
      if (source[i + 1] === ']') return null;
      inClass = true;
      negated = source[i + 1] === '^';
      out += c;
    } else out += c === '.' ? JS_DOT : c;
  }
  return RE2JS.translateRegExp(out);
}

interface LinearPattern {
  /** Whether `text` matches somewhere (JSON Schema patterns are not anchored), in time linear in its length. */
  test(text: string): boolean;
}

const compiled = new Map<string, LinearPattern | null>();

/** `pattern` compiled for a linear-time check, or null when it cannot be (see the top of this file). */
export function linearPattern(pattern: string): LinearPattern | null {
  if (compiled.has(pattern)) return compiled.get(pattern)!;
  const result = compile(pattern);
  // A handful of patterns per document: the cache only spares recompiling them at every check.
  if (compiled.size >= 256) compiled.clear();
  compiled.set(pattern, result);
  return result;
}

function compile(pattern: string): LinearPattern | null {
  if (pattern.length > MAX_PATTERN_CHARS) return null;
  try {
    // Only to learn that it is an ECMAScript pattern at all (as JSON Schema requires); never executed.
    new RegExp(pattern, 'u');
    const translated = withJavaScriptMeaning(pattern);
    if (translated === null) return null;
    const re = RE2JS.compile(translated);
    if (re.programSize() > MAX_PROGRAM_SIZE) return null;
    return { test: (text) => re.test(text) };
  } catch {
    return null;
  }
}
