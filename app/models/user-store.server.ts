/** The one way to a user's own Durable Object (decision 029): their stub, by their id. Only models call it. */
export const userStore = (env: Pick<Env, "USER_STORE">, userId: string) => env.USER_STORE.get(env.USER_STORE.idFromName(userId));

/**
 * A door of the person's object (`store.chats(owner)`, …) for one call: the call is pipelined with the
 * one that opens the door (one round trip), and the door is let go as soon as the call has answered,
 * as Workers RPC asks of whoever holds a stub (left to the end of the request, workerd warns when it
 * is collected first). Each model opens a door per call, so this is the only place that holds one.
 */
export function oneCall<Door extends object>(opening: Door & PromiseLike<Disposable>): Door {
  const letGo = () =>
    void opening.then(
      (door) => door[Symbol.dispose](),
      () => undefined,
    );
  return new Proxy(opening, {
    get(target, key, receiver) {
      const member: unknown = Reflect.get(target, key, receiver);
      if (typeof member !== "function" || key === "then") return member;
      return (...args: unknown[]) => {
        const answer: unknown = Reflect.apply(member, target, args);
        void Promise.resolve(answer).then(letGo, letGo);
        return answer;
      };
    },
  });
}
