import { useState } from "react";

/**
 * React keys for the rows of an editable list. A row keeps its key when a row before it is removed, so its inputs keep
 * their own state (a keyword being typed, focus) rather than handing it to the next row. Call `remove(index)` along
 * with removing that item; when the list grows or shrinks otherwise (loaded, saved), keys come and go at the end.
 */
export function useItemKeys(length: number): { keys: number[]; remove: (index: number) => void } {
  const [state, setState] = useState(() => ({ keys: Array.from({ length }, (_, i) => i), next: length }));
  if (state.keys.length !== length) {
    const added = Array.from({ length: Math.max(0, length - state.keys.length) }, (_, i) => state.next + i);
    setState({ keys: [...state.keys.slice(0, length), ...added], next: state.next + added.length });
  }
  const remove = (index: number) => setState((before) => ({ ...before, keys: before.keys.filter((_, i) => i !== index) }));
  return { keys: state.keys, remove };
}
