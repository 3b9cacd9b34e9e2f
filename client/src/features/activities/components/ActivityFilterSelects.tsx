import { Select } from '@mantine/core';
import { ACTIVITY_OPERATIONS, CONFIGURED_OBJECTS, type ConfiguredObject } from '@nomen/shared';
import { useWording } from '../../shell/useWording';
import { useUsers } from '../../users/api';
import type { ActivityFilters } from '../activityFilters';
import { OPERATION_LABELS, objectLabel } from '../activityFormat';

/** Props of ActivityFilterSelects. */
export interface ActivityFilterSelectsProps {
  value: Pick<ActivityFilters, 'userId' | 'configuredObject' | 'operation'>;
  onChange: (next: Pick<ActivityFilters, 'userId' | 'configuredObject' | 'operation'>) => void;
}

/**
 * The activity log's user, object and operation filters (spec 01 §2.10): one clearable select
 * each, "any" when cleared. Users are the account's, by name; operations show by name (Approved,
 * Rejected, …).
 */
export function ActivityFilterSelects({ value, onChange }: ActivityFilterSelectsProps) {
  const { word } = useWording();
  const users = useUsers();
  const userOptions = (users.data?.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  // A user chosen through a shared address stays named while the list loads (or if they left).
  if (value.userId !== null && !userOptions.some((o) => o.value === String(value.userId)))
    userOptions.push({
      value: String(value.userId),
      label: users.isPending ? 'Loading…' : `User ${value.userId}`,
    });

  return (
    <>
      <Select
        label="User"
        placeholder="Anyone"
        searchable
        clearable
        w={200}
        data={userOptions}
        value={value.userId === null ? null : String(value.userId)}
        onChange={(next) => onChange({ ...value, userId: next === null ? null : Number(next) })}
        nothingFoundMessage="No user of that name"
      />
      <Select
        label="Object"
        placeholder="Any object"
        clearable
        w={200}
        data={CONFIGURED_OBJECTS.map((o) => ({ value: o, label: objectLabel(o, word) }))}
        value={value.configuredObject}
        onChange={(next) => onChange({ ...value, configuredObject: next as ConfiguredObject | null })}
      />
      <Select
        label="Operation"
        placeholder="Any operation"
        clearable
        w={170}
        data={ACTIVITY_OPERATIONS.map((o) => ({ value: o, label: OPERATION_LABELS[o] }))}
        value={value.operation}
        onChange={(next) =>
          onChange({ ...value, operation: (next as ActivityFilters['operation'] | null) ?? null })
        }
      />
    </>
  );
}
