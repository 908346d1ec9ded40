import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms`: a search or a preview sent when typing pauses, not one per key. */
export function useSettled(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
