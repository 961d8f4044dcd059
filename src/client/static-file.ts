/** A JSON file of the static site (public/), such as the province map: not the API, so no envelope and no session. */
export async function staticJson<T>(path: string): Promise<T> {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`${path} ${res.status}`);
  return res.json() as Promise<T>;
}
