import { useRef } from 'react';

/** The value as of the last render where `settled` held: labels stay true to figures still on screen. */
export function useSettled<T>(value: T, settled: boolean): T {
  const last = useRef(value);
  if (settled) last.current = value;
  return settled ? value : last.current;
}
