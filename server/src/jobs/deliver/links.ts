import type { DeliveryContext } from './context';

/** One link of one row: the row's cv_id, the link field's template field id and name, the URL. */
export interface LinkCell {
  cvId: string;
  fieldId: number;
  fieldName: string;
  url: string;
}

/**
 * The links of a run's rows (spec 03 §5: link-based integrations need a link-type field): every
 * non-empty http(s) value of the template's link fields (governance type `link`), row by row.
 */
export function linkCells(ctx: Pick<DeliveryContext, 'template' | 'rows'>): LinkCell[] {
  const fields = ctx.template.template_fields
    .filter((tf) => tf.governance_type === 'link' && typeof tf.id === 'number')
    .sort((a, b) => a.precedence - b.precedence)
    .map((tf) => ({ id: tf.id as number, name: tf.field.name }));
  const cells: LinkCell[] = [];
  for (const row of ctx.rows)
    for (const f of fields) {
      const url = (row.data[String(f.id)] ?? '').trim();
      if (/^https?:\/\//i.test(url)) cells.push({ cvId: row.cv_id, fieldId: f.id, fieldName: f.name, url });
    }
  return cells;
}
