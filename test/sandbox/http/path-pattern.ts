// Matches request paths against templates with `{name}` segments, as the routes and OpenAPI write them.

export interface PathPattern {
  template: string;
  match(pathname: string): Record<string, string> | null;
}

export function compilePathPattern(template: string): PathPattern {
  const names: string[] = [];
  const source = template
    .split('/')
    .map((segment) => {
      const param = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(segment);
      if (param) {
        names.push(param[1]!);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  const regex = new RegExp(`^${source}/?$`);
  return {
    template,
    match(pathname) {
      const found = regex.exec(pathname);
      if (!found) return null;
      const params: Record<string, string> = {};
      names.forEach((name, i) => {
        params[name] = safeDecode(found[i + 1]!);
      });
      return params;
    },
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
