import {
  type Icon,
  IconBarcode,
  IconChartBar,
  IconFolders,
  IconForms,
  IconHistory,
  IconList,
  IconPlugConnected,
  IconSettings,
  IconTarget,
  IconTemplate,
  IconUsers,
  IconUsersGroup,
  IconVariable,
} from '@tabler/icons-react';

/** The icon of each admin page's navigation entry, by ADMIN_PAGES key (spec 01 §2.2). */
export const NAV_ICONS: Record<string, Icon> = {
  codes: IconBarcode,
  reports: IconChartBar,
  users: IconUsers,
  groups: IconUsersGroup,
  accounts: IconPlugConnected,
  targets: IconTarget,
  patterns: IconVariable,
  fieldsets: IconForms,
  lists: IconList,
  templates: IconTemplate,
  folders: IconFolders,
  settings: IconSettings,
  activities: IconHistory,
};
