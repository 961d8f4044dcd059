/** A value as JSON carries it to the browser: the server's Dates arrive as ISO strings. */
export type Wire<T> = T extends Date ? string : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
