import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { PageHeader } from '../../../ui/PageHeader';
import { useSignedIn } from '../../auth/api';
import { readerTimeZone } from '../api';
import { DownloadMenu } from '../components/DownloadMenu';
import { GlobalSection } from '../components/GlobalSection';
import { HistoryChart } from '../components/HistoryChart';
import { SearchSection } from '../components/SearchSection';
import { SummaryCards } from '../components/SummaryCards';
import { TemplatesSection } from '../components/TemplatesSection';
import { TopUsersSection } from '../components/TopUsersSection';
import { UsageSection } from '../components/UsageSection';

/**
 * /admin/account/reports (spec 01 §2.9), the admin's landing page: summary counts, the 6-month
 * history chart, top users (with the user drawer), usage, templates, search and, with the
 * global-report flag, the global report; each with its download. Days and months are the
 * reader's time zone.
 */
export function ReportsPage() {
  const { features } = useSignedIn();
  const tz = useMemo(readerTimeZone, []);
  return (
    <>
      <PageHeader
        title="Reports"
        description={`How your account uses Nomen. Days and months are in ${tz}.`}
        aside={<DownloadMenu report="logins" label="logins report" query={{ tz }} text="Download logins" />}
      />
      <Stack gap="lg">
        <SummaryCards />
        <HistoryChart tz={tz} />
        <TopUsersSection tz={tz} />
        <UsageSection tz={tz} />
        <TemplatesSection tz={tz} />
        <SearchSection tz={tz} />
        {features.includes('global-report') ? <GlobalSection tz={tz} /> : null}
      </Stack>
    </>
  );
}
