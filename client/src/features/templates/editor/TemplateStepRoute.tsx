import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../../shell/pages/NotFoundPage';
import { editorStepOf } from '../templatePaths';
import { ConnectStep } from './connect/ConnectStep';
import { GovernStep } from './govern/GovernStep';
import { SetupStep } from './setup/SetupStep';

/**
 * The nested `:step` route of the template editor (spec 03 §2): setup, govern or connect; any other
 * step shows the fallback page.
 */
export function TemplateStepRoute() {
  const step = editorStepOf(useParams().step);
  if (step === 'setup') return <SetupStep />;
  if (step === 'govern') return <GovernStep />;
  if (step === 'connect') return <ConnectStep />;
  return <NotFoundPage />;
}
