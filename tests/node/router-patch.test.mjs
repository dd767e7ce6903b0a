// The patches to @remix-run/router and react-router-dom (patches/, decisions 024 and 063) are applied
// by `npm install`: route matching keeps a routes tree's ranked branches between calls, and a
// router's patchRoutes (lazy route discovery in the browser) makes it match the new routes; the
// server's static router keeps the data routes it makes from a routes array.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createMemoryHistory, createRouter, createStaticHandler, matchPath, matchRoutes, resolveTo } from "@remix-run/router";
import { createStaticRouter } from "react-router-dom/server.js";

describe("the route-matching patch", () => {
  it("keeps a routes tree's branches between calls instead of rebuilding them each time", () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }];
    assert.deepEqual(
      matchRoutes(routes, "/a").map((m) => m.route.id),
      ["root", "a"],
    );
    assert.equal(matchRoutes(routes, "/b"), null);
    // Changed behind the router's back, the tree still matches as it was: its branches were kept.
    routes[0].children.push({ id: "b", path: "b" });
    assert.equal(matchRoutes(routes, "/b"), null);
  });

  it("forgets them when the router patches new routes in, so discovered routes match", async () => {
    const router = createRouter({
      history: createMemoryHistory({ initialEntries: ["/"] }),
      routes: [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }],
    });
    router.initialize();
    const tree = router.routes;
    assert.equal(matchRoutes(tree, "/b"), null);
    router.patchRoutes("root", [{ id: "b", path: "b" }]);
    assert.equal(matchRoutes(tree, "/b")?.at(-1).route.id, "b");
    router.dispose();
  });

  it("tries only the branches whose fixed first segment is the pathname's, and matches as before", () => {
    const routes = [
      {
        id: "root",
        path: "",
        children: [
          { id: "home", index: true },
          { id: "characters", path: "characters", children: [{ id: "chat", path: "chat/:id" }] },
          { id: "me", path: "api/me" },
          { id: "faq", path: ":lang?/faq" },
          { id: "robots", path: "robots.txt" },
          { id: "strict", path: "Strict", caseSensitive: true },
          { id: "rest", path: "*" },
        ],
      },
    ];
    const leaf = (path) => matchRoutes(routes, path)?.at(-1);
    assert.equal(leaf("/")?.route.id, "home");
    assert.deepEqual(leaf("/Characters/chat/a%20b")?.params, { id: "a b" });
    assert.equal(leaf("/api/me")?.route.id, "me");
    assert.deepEqual(leaf("/en/faq")?.params, { lang: "en" });
    assert.equal(leaf("/faq")?.route.id, "faq");
    assert.equal(leaf("/robots.txt")?.route.id, "robots");
    assert.equal(leaf("/Strict")?.route.id, "strict");
    assert.equal(leaf("/strict")?.route.id, "rest");
    assert.deepEqual(leaf("/nothing/here")?.params, { "*": "nothing/here" });
    // A branch under another first segment is never tried. Building the pattern of "api/odd*" makes
    // the router warn, so the warning tells whether that branch was tried.
    const odd = [
      { id: "odd", path: "api/odd*" },
      { id: "y", path: "y" },
    ];
    const warned = [];
    const warn = console.warn;
    console.warn = (message) => warned.push(message);
    try {
      // The old splat form ("files*" for "files/*") is still tried: its first segment is not plain.
      assert.equal(matchRoutes([{ id: "files", path: "files*" }], "/files/a/b")?.at(-1).params["*"], "a/b");
      warned.length = 0;
      assert.equal(matchRoutes(odd, "/z"), null);
      // "/" has no first segment: a branch with a fixed one cannot match it either.
      assert.equal(matchRoutes(odd, "/"), null);
      assert.deepEqual(warned, []);
      matchRoutes(odd, "/api/oddly");
      assert.equal(warned.length, 1);
    } finally {
      console.warn = warn;
    }
  });

  it("builds a pattern's expression once, and tells patterns apart by case sensitivity and end", () => {
    for (const id of ["7", "8"]) assert.equal(matchPath("/characters/chat/:id", `/characters/chat/${id}`)?.params.id, id);
    assert.equal(matchPath({ path: "/FAQ", caseSensitive: true }, "/faq"), null);
    assert.equal(matchPath({ path: "/FAQ" }, "/faq")?.pathname, "/faq");
    assert.equal(matchPath({ path: "/characters", end: true }, "/characters/chat"), null);
    assert.equal(matchPath({ path: "/characters", end: false }, "/characters/chat")?.pathnameBase, "/characters");
  });

  it("writes the text of a bad link's error only when it throws", () => {
    let written = 0;
    const to = (pathname) => ({ pathname, toJSON: () => (written++, { pathname }) });
    assert.equal(resolveTo(to("/characters"), [], "/").pathname, "/characters");
    assert.equal(written, 0);
    assert.throws(() => resolveTo(to("/a?b"), [], "/"), /Cannot include a '\?' character/);
    assert.equal(written, 1);
  });
});

describe("the static router patch", () => {
  const routes = [
    {
      id: "root",
      path: "/",
      children: [
        { id: "home", index: true },
        { id: "faq", path: "faq" },
      ],
    },
  ];
  const render = async (path) => {
    const context = await createStaticHandler(routes).query(new Request(`http://127.0.0.1${path}`));
    return createStaticRouter(routes, context);
  };

  it("makes a routes array's data routes once, and each render still gets its own matches", async () => {
    const [home, faq] = [await render("/"), await render("/faq")];
    assert.equal(home.routes, faq.routes);
    assert.deepEqual(
      home.state.matches.map((m) => m.route.id),
      ["root", "home"],
    );
    assert.deepEqual(
      faq.state.matches.map((m) => m.route.id),
      ["root", "faq"],
    );
    // The matches carry the data routes the render uses, not the handler's.
    assert.equal(faq.state.matches[1].route, faq.routes[0].children[1]);
    assert.equal(matchRoutes(faq.routes, "/faq")?.at(-1).route, faq.routes[0].children[1]);
  });
});
