import { IconFileUnknown } from '@tabler/icons-react';
import { errorStatus } from '../api/errors';
import { QueryErrorAlert } from './QueryErrorAlert';
import { StatusPage } from './StatusPage';

/**
 * What an editor page shows when its item could not be loaded: a "not found" page with a way
 * back for a 404 (an unknown or another account's id), otherwise the error with a retry.
 */
export function EditorLoadFailure(props: {
  error: unknown;
  /** The item in prose, e.g. "pattern". */
  what: string;
  title: string;
  message: string;
  back: { to: string; label: string };
  onRetry: () => void;
}) {
  if (errorStatus(props.error) === 404) {
    return (
      <StatusPage
        icon={<IconFileUnknown size={28} />}
        title={props.title}
        message={props.message}
        link={props.back}
      />
    );
  }
  return <QueryErrorAlert error={props.error} what={`the ${props.what}`} onRetry={props.onRetry} />;
}
