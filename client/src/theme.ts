import { createTheme } from '@mantine/core';

/**
 * Nomen's Mantine theme (ARCHITECTURE.md, Client): calm blue, rounded, visible focus rings, and no
 * animation for people whose system asks for reduced motion.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  focusRing: 'auto',
  respectReducedMotion: true,
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // The required marker is drawn in CSS (global.css) so that labels read exactly "Email",
    // "Name"…: Mantine's marker span would become part of the label's text.
    InputWrapper: { defaultProps: { withAsterisk: false } },
    // A dimmed overlay without a backdrop blur: a blur repaints the whole page behind a drawer on
    // every frame the drawer changes, which on machines without a GPU costs more than the page.
    Drawer: { defaultProps: { overlayProps: { backgroundOpacity: 0.35 } } },
  },
});
