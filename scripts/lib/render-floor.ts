import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server.js';
import type { RouteObject } from 'react-router-dom';
import { UNSAFE_RemixContext as RemixContext } from '@remix-run/react';
import type { ServerBuild } from '@remix-run/node';
import { decode } from 'turbo-stream';

/**
 * The framework's floor for bench:pages: plain React `renderToString` of a page's route
 * component tree (root App → dashboard layout → the page, the build's own components) with
 * the data the page's loaders answered, read once from the page's single-fetch `.data` URL.
 * No loaders, no v1 calls, no data serialisation into the document, no streaming: what is
 * left is React rendering the same elements. The root's document Layout (head, scripts) is
 * left out, as it is Remix's own.
 */
export async function renderFloor(
  build: ServerBuild,
  url: string,
  pathname: string,
  cookie: string,
): Promise<() => string> {
  const response = await fetch(`${url}${pathname}.data`, { headers: { cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`${pathname}.data: ${response.status}`);
  const decoded = await decode(response.body);
  await decoded.done;
  const results = decoded.value as Record<string, { data?: unknown }>;
  const loaderData = Object.fromEntries(Object.entries(results).map(([id, result]) => [id, result.data ?? null]));

  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const Component = route.module.default as ComponentType | undefined;
        const element: ReactElement | undefined = Component ? createElement(Component) : undefined;
        const common = {
          id: route.id,
          path: route.path,
          caseSensitive: route.caseSensitive,
          element,
          loader: () => loaderData[route.id] ?? null,
        };
        return route.index ? { ...common, index: true as const } : { ...common, children: children(route.id) };
      });
  const routes = children(undefined);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${url}${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname}: the static handler answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const remixContext = {
    manifest: build.assets,
    routeModules: Object.fromEntries(Object.values(build.routes).map((route) => [route.id, route.module])),
    future: build.future,
    isSpaMode: false,
  };
  // entry.server's provider of the forms the browser loads after hydration (app/components/deferred.tsx).
  const ServerForms = (build.entry.module as { ServerForms?: ComponentType<{ children: ReactElement }> }).ServerForms;
  const app = () =>
    createElement(
      RemixContext.Provider,
      { value: remixContext as never },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    );
  return () => renderToString(ServerForms ? createElement(ServerForms, null, app()) : app());
}
