// A route's page, code-split: its module is imported on first render (Suspense shows the spinner)
// and kept. use() on the cached import renders the module's own component, so routes sharing a
// module (the compliance sections, radar search and sorting) keep the page mounted between them as
// the data router did; React.lazy would give each route its own wrapper type and remount it.
import { use } from 'react';
import type { PageRoute } from './route-table.js';

type PageModule = Awaited<ReturnType<PageRoute['page']>>;
const modules = new Map<PageRoute['page'], Promise<PageModule>>();

function load(route: PageRoute): Promise<PageModule> {
  let module = modules.get(route.page);
  if (!module) {
    // A failed download (e.g. a deploy replaced the chunks) is retried on the next visit.
    module = route.page().catch((error: unknown) => {
      modules.delete(route.page);
      throw error;
    });
    modules.set(route.page, module);
  }
  return module;
}

export function LazyPage({ route }: { route: PageRoute }) {
  const { default: Page } = use(load(route));
  return <Page />;
}
