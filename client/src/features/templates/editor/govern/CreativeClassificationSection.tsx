import { Alert, Box, Paper, SimpleGrid, Slider, Stack, Switch, Text } from '@mantine/core';
import {
  creativeThresholds,
  setCreativeClassificationEnabled,
  setCreativeThreshold,
  type TemplateMessageId,
  templateMessageText,
} from '@nomen/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  useJumpTarget,
  useTemplateEditor,
  useTemplateEditorEnvironment,
  useTemplateIssues,
} from '../TemplateEditorContext';

const MARKS = [0, 20, 40, 60, 80, 100].map((value) => ({ value, label: String(value) }));

/**
 * The template's creative classification (spec 03 §2 "Creative classification: category threshold
 * sliders appear when the feature is on and the template has it enabled", §3 default thresholds):
 * the template's switch and, when on, one 0-100 slider per category. The template-wide creative
 * issues (spec 03 §5) show here and are the popover's jump targets `step:creative:{messageId}`.
 * Rendered only with the creative-classification flag.
 */
export function CreativeClassificationSection() {
  const { store } = useTemplateEditorEnvironment();
  const enabled = useTemplateEditor((s) => s.draft.isCreativeClassificationEnabled);
  const configuration = useTemplateEditor((s) => s.draft.creativeConfiguration);
  const issues = useTemplateIssues();
  const creativeIssues = issues.filter((i) => i.step === 'creative' && i.fieldId === undefined);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Switch
          label="Creative classification"
          description="Classify each row's creative with AI content comprehension, keeping categories above their thresholds."
          checked={enabled}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            store.update((d) => setCreativeClassificationEnabled(d, checked));
          }}
        />
        {creativeIssues.map((issue) => (
          <CreativeIssue
            key={issue.messageId}
            messageId={issue.messageId}
            text={templateMessageText(issue.messageId, issue.params)}
          />
        ))}
        {enabled ? (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="lg"
            verticalSpacing="md"
            role="group"
            aria-label="Category thresholds"
          >
            {creativeThresholds(configuration).map(({ category, threshold }) => (
              <Box key={category.id}>
                <Text size="sm" id={`creative-category-${category.id}`}>
                  {category.categoryText}: {threshold}
                </Text>
                <Slider
                  min={0}
                  max={100}
                  step={1}
                  marks={MARKS}
                  value={threshold}
                  thumbLabel={`${category.categoryText} threshold`}
                  aria-labelledby={`creative-category-${category.id}`}
                  onChange={(value) => store.update((d) => setCreativeThreshold(d, category.id, value))}
                  mb="md"
                />
              </Box>
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** One template-wide creative issue, the jump target of its popover entry. */
function CreativeIssue({ messageId, text }: { messageId: TemplateMessageId; text: string }) {
  const key = `step:creative:${messageId}`;
  const { ref, isHighlighted } = useJumpTarget<HTMLDivElement>(key);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      data-issue-target={key}
      color="red"
      icon={<IconAlertCircle size={18} aria-hidden />}
      style={isHighlighted ? { boxShadow: '0 0 0 2px var(--mantine-color-yellow-5)' } : undefined}
    >
      {text}
    </Alert>
  );
}
