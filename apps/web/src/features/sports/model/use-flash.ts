import { useEffect, useRef, useState } from 'react';

const FLASH_MS = 700;

/** 'up' or 'down' for a moment after the value changes, so the player sees prices move. */
export function useFlash(value: number | null | undefined): 'up' | 'down' | undefined {
  const previous = useRef(value);
  const [flash, setFlash] = useState<'up' | 'down' | undefined>();
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before === value || before == null || value == null) return;
    setFlash(value > before ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(undefined), FLASH_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return flash;
}
