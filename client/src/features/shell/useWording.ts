import { useSignedIn } from '../auth/api';
import { type TemplateWording, templateWording } from './wording';

/** The template/dataset wording of the signed-in account (spec 01 §1), for use inside the shell. */
export function useWording(): TemplateWording {
  return templateWording(useSignedIn().features);
}
