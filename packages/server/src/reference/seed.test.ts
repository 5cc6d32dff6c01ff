// The reference seed on a database seeded by an earlier catalogue: the towns and townships' seats
// (geo/townships.ts) take their government's name, unless an operator renamed them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedCatalog } from '../geo/geo-service.js';
import { createTestContext, databaseTargets } from '../test/harness.js';
import { seedReferenceData } from './seed.js';

type Ctx = Awaited<ReturnType<typeof createTestContext>>;

describe.each(databaseTargets())('reference seed on %s', (target) => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestContext({ target });
  });
  afterAll(() => ctx?.close());

  const seat = (name: string) => sharedCatalog().municipalities.find((m) => m.name === name)!;
  const row = (id: number) => ctx.services.db.selectFrom('municipalities').select(['name', 'slug']).where('id', '=', id).executeTakeFirstOrThrow();

  it("renames a township's seat seeded as 'City of …', and keeps an operator's own name", async () => {
    const edison = seat('Township of Edison');
    const hempstead = seat('Town of Hempstead');
    expect(await row(edison.id)).toEqual({ name: 'Township of Edison', slug: edison.slug });
    // As an earlier catalogue seeded them: the seat under its place's name; then an operator's rename.
    const oldSlug = (slug: string, place: string) => slug.replace(/[^/]+$/, `city-of-${place.toLowerCase()}`);
    await ctx.services.db.updateTable('municipalities').set({ name: 'City of Edison', slug: oldSlug(edison.slug, 'Edison') }).where('id', '=', edison.id).execute();
    await ctx.services.db.updateTable('municipalities').set({ name: 'Hempstead Town Hall' }).where('id', '=', hempstead.id).execute();

    await seedReferenceData(ctx.services.db);
    expect(await row(edison.id)).toEqual({ name: 'Township of Edison', slug: edison.slug });
    expect((await row(hempstead.id)).name).toBe('Hempstead Town Hall');
    // The municipality page's lookup finds it by its new slug.
    const answer = await ctx.request('GET', '/search/municipality-slug', { query: { slug: edison.slug } });
    expect(answer.body).toMatchObject({ id: edison.id, name: 'Township of Edison' });
  });
});
