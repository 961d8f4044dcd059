// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { useState } from "react";
import { afterEach, expect, test } from "vitest";
import { useItemKeys } from "./use-item-keys.ts";

afterEach(cleanup);

function useList(initial: string[]) {
  const [items, setItems] = useState(initial);
  return { items, setItems, ...useItemKeys(items.length) };
}

test("a row keeps its key when a row before it is removed", () => {
  const { result } = renderHook(() => useList(["a", "b", "c"]));
  expect(result.current.keys).toEqual([0, 1, 2]);
  act(() => {
    result.current.remove(0);
    result.current.setItems(["b", "c"]);
  });
  expect(result.current.keys).toEqual([1, 2]);
});

test("rows added or dropped otherwise get new keys or lose theirs at the end", () => {
  const { result } = renderHook(() => useList(["a"]));
  act(() => result.current.setItems(["a", "b", "c"]));
  expect(result.current.keys).toEqual([0, 1, 2]);
  act(() => result.current.setItems(["a"]));
  expect(result.current.keys).toEqual([0]);
  act(() => result.current.setItems(["a", "d"]));
  expect(result.current.keys).toEqual([0, 3]);
});
