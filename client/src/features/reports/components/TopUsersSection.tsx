import { Text } from '@mantine/core';
import type { TopUser } from '@nomen/shared';
import { useState } from 'react';
import { Timestamp } from '../../../ui/Timestamp';
import { useTopUsers } from '../api';
import { DownloadMenu } from './DownloadMenu';
import { ReportSection } from './ReportSection';
import { fieldColumn, type ReportColumn, ReportTable, reportTableState } from './ReportTable';
import { UserReportDrawer } from './UserReportDrawer';

const never = (
  <Text size="sm" c="dimmed">
    Never
  </Text>
);

const COLUMNS: ReportColumn<TopUser>[] = [
  fieldColumn('name', 'Name'),
  fieldColumn('email', 'Email'),
  fieldColumn('submitted_codes', 'Submitted codes', 'right'),
  {
    key: 'last_login',
    header: 'Last login',
    cell: (u) => (u.last_login ? <Timestamp value={u.last_login} /> : never),
    sortValue: (u) => u.last_login,
  },
  {
    key: 'last_submission',
    header: 'Last submission',
    cell: (u) => (u.last_submission ? <Timestamp value={u.last_submission} /> : never),
    sortValue: (u) => u.last_submission,
  },
];

/** The top users report (spec 01 §2.9, §3.3): sortable; a row opens the user's report drawer. */
export function TopUsersSection({ tz }: { tz: string }) {
  const topUsers = useTopUsers();
  const [openUserId, setOpenUserId] = useState<number | null>(null);
  return (
    <ReportSection
      id="top-users"
      title="Top users"
      description="Who submitted the most codes"
      actions={<DownloadMenu report="top-users" label="top users report" query={{ tz }} />}
    >
      <ReportTable
        label="Top users"
        what="the top users"
        columns={COLUMNS}
        rowKey={(u) => u.id}
        {...reportTableState(topUsers)}
        emptyTitle="Nobody has submitted codes yet"
        onOpen={(u) => setOpenUserId(u.id)}
        openLabel={(u) => `Open the report of ${u.name}`}
      />
      <UserReportDrawer userId={openUserId} tz={tz} onClose={() => setOpenUserId(null)} />
    </ReportSection>
  );
}
