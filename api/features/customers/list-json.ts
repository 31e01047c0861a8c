import { count, sql, type SQL } from 'drizzle-orm';
import type { ApiCustomer } from '#contract/envelope';
import type { Db } from '#api/db/client';
import { customers } from '#api/db/schema';
import { isoTime, JsonRows, jsonObject, nameOf, paged, readJsonPage } from '#api/lib/sql-json';

const col = (name: string) => sql.raw(`page.${name}`);

/** What the page statement writes for each contact's duplicates, for withDuplicates to fill. */
const NO_DUPLICATES = '"duplicates":[]';

/**
 * A page of contacts in the v1 shape (serializeCustomer) and the list's total, built by one statement: the rows
 * (`limit` of them, in `orderBy`), each with its SMS opt-outs (smsOptOutsOf, which was a
 * statement of its own). `duplicates` is left empty, in its place, for the caller to fill
 * (withDuplicates): a page holding the whole list finds them among its own rows, without SQL
 * (duplicatesAmong). tests/api/customers checks the page against serializeCustomer.
 */
export async function customersPageJson(
  db: Db,
  businessId: string,
  page: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: JsonRows<ApiCustomer>; total: number }> {
  const { readLimit, inPage, totalRow } = paged(db.select({ total: count() }).from(customers).where(page.where), page);
  const rows = db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      status: customers.status,
      emails: customers.emails,
      phones: customers.phones,
      addresses: customers.addresses,
      createdAt: customers.createdAt,
      updatedAt: customers.updatedAt,
      deletedAt: customers.deletedAt,
      ord: sql`row_number() over (order by ${sql.join(page.orderBy, sql`, `)})`.as('ord'),
    })
    .from(customers)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(readLimit)
    .offset(page.offset);
  return readJsonPage<ApiCustomer>(
    db,
    sql`
    with page as (${rows}), opt_outs as (
      select page.id, json_agg(
        ${jsonObject({ phone: sql`phone.value`, at: isoTime(sql`opt_out.created_at`) })} order by phone.position
      ) as list
      from page
      cross join jsonb_array_elements_text(page.phones) with ordinality as phone(value, position)
      join sms_opt_outs opt_out on opt_out.business_id = ${businessId} and opt_out.phone = phone.value
      group by page.id
    ), ${totalRow}
    select case when page.id is not null then ${jsonObject({
      _id: col('id'),
      first_name: col('first_name'),
      last_name: col('last_name'),
      name: nameOf(col('first_name'), col('last_name')),
      status: col('status'),
      emails: col('emails'),
      phones: col('phones'),
      addresses: col('addresses'),
      duplicates: sql`'[]'::json`, // written as NO_DUPLICATES
      sms_opt_outs: sql`coalesce(opt_outs.list, '[]')`,
      created_at: isoTime(col('created_at')),
      updated_at: isoTime(col('updated_at')),
      deleted_at: isoTime(col('deleted_at')),
    })}::text end as item, list_total.total
    from list_total
    left join page on ${inPage}
    left join opt_outs on opt_outs.id = page.id
    order by page.ord
  `,
  );
}

/**
 * The page with each contact's duplicates (by contact id) written in. Only a contact that has
 * some gets its text changed; the others are sent as the database wrote them (re-writing every
 * contact of a 500-contact page with JSON.stringify cost about 0.65 ms). The first
 * `"duplicates":[]` of a text is the statement's own: a string value holding those characters
 * has its quotes escaped, and nested jsonb (addresses) is written with a space after each colon.
 */
export function withDuplicates(
  rows: JsonRows<ApiCustomer>,
  duplicates: ReadonlyMap<string, ApiCustomer['duplicates']>,
): JsonRows<ApiCustomer> {
  const records = rows.parse();
  const texts = rows.texts.map((text, index) => {
    const found = duplicates.get(records[index]._id);
    if (!found?.length) return text;
    records[index].duplicates = found;
    const at = text.indexOf(NO_DUPLICATES);
    if (at < 0) throw new Error('A contact text without its duplicates placeholder.');
    return `${text.slice(0, at)}"duplicates":${JSON.stringify(found)}${text.slice(at + NO_DUPLICATES.length)}`;
  });
  return new JsonRows(texts, records);
}
