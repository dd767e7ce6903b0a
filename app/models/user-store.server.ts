/** The one way to a user's own Durable Object (decision 029): their stub, by their id. Only models call it. */
export const userStore = (env: Pick<Env, "USER_STORE">, userId: string) => env.USER_STORE.get(env.USER_STORE.idFromName(userId));
