import * as v from 'valibot';
import ky from 'ky';
(globalThis as any).k = ky.create({});
(globalThis as any).v = v.safeParse(v.object({a: v.string(), b: v.array(v.number()), c: v.nullable(v.picklist(['a','b']))}), {});
