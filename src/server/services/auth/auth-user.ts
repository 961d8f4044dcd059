/** The signed-in caller of a request, as the session check found it. */
export type AuthUser = { id: number; sessionId: number; accountType: 0 | 1 | 2 };
