// RFC 9110 §11.6.1 challenges, enough of them to read Bearer errors (RFC 6750 §3): scheme, then
// comma-separated auth-params whose values may be quoted strings with backslash escapes.
export interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

export function parseChallenges(header: string | null): Challenge[] {
  if (!header) return [];
  const challenges: Challenge[] = [];
  let i = 0;
  const skip = (pattern: RegExp) => {
    while (i < header.length && pattern.test(header[i]!)) i++;
  };
  const token = () => {
    const start = i;
    while (i < header.length && /[!#$%&'*+\-.^_`|~0-9A-Za-z]/.test(header[i]!)) i++;
    return header.slice(start, i);
  };
  while (i < header.length) {
    skip(/[\s,]/);
    const scheme = token();
    if (!scheme) break;
    const challenge: Challenge = { scheme: scheme.toLowerCase(), params: {} };
    challenges.push(challenge);
    for (;;) {
      skip(/\s/);
      const mark = i;
      const name = token();
      skip(/\s/);
      if (!name || header[i] !== '=') {
        i = mark; // the start of the next challenge
        break;
      }
      i++;
      skip(/\s/);
      let value = '';
      if (header[i] === '"') {
        i++;
        while (i < header.length && header[i] !== '"') {
          if (header[i] === '\\' && i + 1 < header.length) i++;
          value += header[i];
          i++;
        }
        i++;
      } else {
        value = token();
      }
      challenge.params[name.toLowerCase()] = value;
      skip(/\s/);
      if (header[i] === ',') {
        i++;
        continue;
      }
      break;
    }
  }
  return challenges;
}

export function bearerChallenge(header: string | null): Record<string, string> | null {
  return parseChallenges(header).find((c) => c.scheme === 'bearer')?.params ?? null;
}
