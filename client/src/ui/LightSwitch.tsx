import type { ChangeEvent } from 'react';
import classes from './LightSwitch.module.css';

/** Props of LightSwitch. */
export interface LightSwitchProps {
  /** Visible text beside the switch. */
  label: string;
  /** Accessible name when it should say more than the label (e.g. "Required: Channel"). */
  'aria-label'?: string;
  checked: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * An on/off switch made of one native checkbox (role "switch") and CSS, looking like Mantine's
 * small Switch: for controls repeated in long virtualised lists (the template editor's field
 * cards, several per card), where Mantine's Switch (a styled Box tree per control) made the govern
 * step's first paint and every keystroke slower (bench:templates). Keyboard: Space toggles; the
 * focus ring shows on keyboard focus only.
 */
export function LightSwitch({ label, checked, disabled, readOnly, onChange, ...aria }: LightSwitchProps) {
  return (
    <label className={classes.root} data-disabled={disabled || undefined}>
      <input
        type="checkbox"
        role="switch"
        className={classes.input}
        aria-label={aria['aria-label']}
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        readOnly={readOnly}
        onChange={onChange ?? noChange}
      />
      <span>{label}</span>
    </label>
  );
}

/** A read-only switch still needs a handler for React to treat it as controlled. */
function noChange() {}
