import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { textFieldsTemplate } from '../support/templates';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

test('[REPORTS]: a search hit opens the dataset filtered to the row it found, highlighted, and Clear filter shows every row', async ({
  page,
  baseURL,
}) => {
  // Seeded through the API: a template of Campaign and Channel and one submission of three rows,
  // one of them holding a value no other test submits.
  const api = await apiAs('admin', baseURL!);
  const marker = uniqueName('Okapi').replace(/\s+/g, '');
  const template = await textFieldsTemplate(api, 'Search hit', ['Campaign', 'Channel']);
  const { Campaign: campaign, Channel: channel } = template.fieldIds;
  const sent = await api.post('/api/v1/account/submissions', {
    data: {
      template_id: template.id,
      name: uniqueName('Hit launch'),
      rows: [
        { [campaign!]: 'Spring opener', [channel!]: 'email' },
        { [campaign!]: `${marker} summer`, [channel!]: 'social' },
        { [campaign!]: 'Autumn closer', [channel!]: 'search' },
      ],
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { dataset_id: datasetId } = (await sent.json()) as { dataset_id: number };
  // The search index takes new values in a job right after the commit: wait until it finds them.
  await expect
    .poll(
      async () => {
        const found = await api.post('/api/core/v1/search/template-data/legacy', {
          data: { term: marker },
        });
        return ((await found.json()) as { data: unknown[] }).data.length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await api.dispose();

  await page.goto('/admin/account/reports');
  await page.getByRole('textbox', { name: 'Search submitted values' }).fill(marker.toLowerCase());
  const results = page.getByRole('table', { name: 'Search results' });
  const hit = results.getByRole('row', {
    name: `Open the dataset of ${template.name}: ${marker} summer`,
  });
  await expect(hit).toBeVisible();
  await hit.click();

  // The dataset page shows that one row, highlighted, and says why.
  await expect(page).toHaveURL(new RegExp(`/codes/details/${datasetId}/data\\?row=[0-9a-f-]{36}&match=`));
  await expect(page.getByTestId('dataset-row-filter')).toHaveText(
    `Showing 1 row matching "${marker} summer"`,
  );
  await expect(page.getByTestId('dataset-total')).toHaveText('1 row');
  const grid = page.getByTestId('dataset-rows');
  const found = grid.getByRole('gridcell', { name: `${marker} summer` });
  await expect(found).toBeVisible();
  await expect(found).toHaveAttribute('aria-description', 'The row you opened from the search');
  await expect(grid.getByRole('gridcell', { name: 'social' })).toHaveAttribute(
    'aria-description',
    'The row you opened from the search',
  );
  await expect(grid.getByRole('gridcell', { name: 'Spring opener' })).toHaveCount(0);

  // The filter survives a reload, and Clear filter brings every row back, unmarked.
  await page.reload();
  await expect(page.getByTestId('dataset-total')).toHaveText('1 row');
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page).toHaveURL(new RegExp(`/codes/details/${datasetId}/data$`));
  await expect(page.getByTestId('dataset-total')).toHaveText('3 rows');
  await expect(page.getByTestId('dataset-row-filter')).toHaveCount(0);
  await expect(grid.getByRole('gridcell', { name: 'Spring opener' })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: `${marker} summer` })).not.toHaveAttribute(
    'aria-description',
    /.+/,
  );
});
