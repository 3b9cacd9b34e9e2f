import { Avatar, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import type { Presence } from './ListRoomClient';
import { initials, peopleInRoom } from './presence';

/** How many avatars show before a "+N" avatar. */
const MAX_SHOWN = 5;

/** Props of PresenceAvatars. */
export interface PresenceAvatarsProps {
  presence: readonly Presence[];
}

/**
 * Who is in the list now (issue 4: presence in the editor's toolbar): one avatar per person in
 * their presence colour, the signed-in user first and marked "(you)", at most five and a "+N"
 * for the rest. A group named "People in this list"; each avatar is an image named after the
 * person, with the name as its tooltip.
 */
export function PresenceAvatars({ presence }: PresenceAvatarsProps) {
  const people = useMemo(() => peopleInRoom(presence), [presence]);
  if (people.length === 0) return null;
  const shown = people.slice(0, MAX_SHOWN);
  const rest = people.slice(MAX_SHOWN);
  return (
    <Avatar.Group spacing="xs" role="group" aria-label="People in this list">
      {shown.map((person) => {
        const label = person.isSelf ? `${person.name} (you)` : person.name;
        return (
          <Tooltip key={person.userId} label={label} withArrow>
            <Avatar
              size="sm"
              radius="xl"
              role="img"
              aria-label={label}
              data-user-id={person.userId}
              styles={{
                root: { borderColor: person.color },
                placeholder: { background: person.color, color: 'white' },
              }}
            >
              {initials(person.name)}
            </Avatar>
          </Tooltip>
        );
      })}
      {rest.length > 0 ? (
        <Tooltip label={rest.map((p) => p.name).join(', ')} withArrow multiline maw={260}>
          <Avatar
            size="sm"
            radius="xl"
            role="img"
            aria-label={`${rest.length} more: ${rest.map((p) => p.name).join(', ')}`}
          >
            +{rest.length}
          </Avatar>
        </Tooltip>
      ) : null}
    </Avatar.Group>
  );
}
