import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { classificationTypeHolders, type TemplateField } from '@nomen/shared';
import {
  defaultRangeExtractor,
  type Range,
  useWindowVirtualizer,
  type Virtualizer,
  type VirtualizerOptions,
  windowScroll,
} from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTemplateEditor, useTemplateEditorEnvironment, useTemplateIssues } from '../TemplateEditorContext';
import { type FieldIssueSummary, fieldSource, issuesByField, templateFieldName } from './fieldCardModel';
import { patternKeyOf, patternLookup, segmentFills } from './fieldRowsModel';
import { type FieldCardActions, TemplateFieldCard } from './TemplateFieldCard';
import classes from './TemplateFieldCard.module.css';

/** Height of a template field card (spec 03 §9: 108 px). */
export const FIELD_CARD_HEIGHT = 108;
/** Space between two cards. */
const CARD_GAP = 8;
const ROW_HEIGHT = FIELD_CARD_HEIGHT + CARD_GAP;

/** Jumps the list has acted on, so that a list mounted again later does not scroll back to them. */
const handledJumps = new WeakSet<object>();

/** A field's issue summary as the card's primitive props, so the memo compares them by value. */
function issueProps(summary: FieldIssueSummary | undefined) {
  return {
    errorCount: summary?.errorCount ?? 0,
    issueMessage: summary?.message ?? null,
    issueType: summary?.type ?? null,
    isPatternUpdated: summary?.isPatternUpdated ?? false,
  };
}

/** Props of TemplateFieldList. */
export interface TemplateFieldListProps {
  isReorderMode: boolean;
  actions: FieldCardActions;
  /** Field set names by id, for the source column. */
  fieldsetNames: ReadonlyMap<number, string>;
}

/** Screen-reader announcements of a drag, reading the fields at the time of each event. */
function announcements(fieldsNow: () => readonly TemplateField[]): Announcements {
  const place = (id: UniqueIdentifier) => fieldsNow().findIndex((tf) => String(tf.id) === String(id)) + 1;
  const name = (id: UniqueIdentifier) => {
    const tf = fieldsNow()[place(id) - 1];
    return tf ? templateFieldName(tf) : 'the field';
  };
  const count = () => fieldsNow().length;
  // The order when the drag started: the dropped field lands where `over` stood then, whether the
  // drop announcement is read before or after the move is applied.
  let startOrder: string[] = [];
  const startPlace = (id: UniqueIdentifier) => startOrder.indexOf(String(id)) + 1;
  return {
    onDragStart: ({ active }) => {
      startOrder = fieldsNow().map((tf) => String(tf.id));
      return `Picked up ${name(active.id)}, field ${place(active.id)} of ${count()}.`;
    },
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is over position ${startPlace(over.id)} of ${count()}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} was dropped at position ${startPlace(over.id)} of ${count()}.`
        : `${name(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}

/**
 * The govern step's template fields (spec 03 §2, §9): a header (field name, governance or source,
 * flags) over 108 px cards, virtualised against the window (@tanstack/react-virtual) so that a
 * 200-field template mounts only the cards in view, reorderable by their drag handles with the
 * mouse or the keyboard (@dnd-kit; Space, arrows, Space). Cards are memoised per template field:
 * a change to one field re-renders one card. This part holds the drag-and-drop contexts and
 * re-renders only when the order of the fields changes (dnd-kit's contexts would otherwise
 * re-render every card); `FieldRows` follows the fields themselves.
 */
export function TemplateFieldList({ isReorderMode, actions, fieldsetNames }: TemplateFieldListProps) {
  const { store } = useTemplateEditorEnvironment();
  // The ids in order, as one string: a change inside a field does not re-render this part.
  const order = useTemplateEditor((s) =>
    s.draft.template_fields.map((tf) => String(tf.id)).join(ID_SEPARATOR),
  );
  const ids = useMemo(() => {
    const byKey = new Map(store.getState().draft.template_fields.map((tf) => [String(tf.id), tf.id]));
    return order === '' ? [] : order.split(ID_SEPARATOR).map((key) => byKey.get(key) ?? key);
  }, [order, store]);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const fieldsNow = () => store.getState().draft.template_fields;

  const onDragStart = ({ active }: DragStartEvent) =>
    setActiveIndex(fieldsNow().findIndex((tf) => String(tf.id) === String(active.id)));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveIndex(null);
    if (!over || active.id === over.id) return;
    const fields = fieldsNow();
    const to = fields.findIndex((tf) => String(tf.id) === String(over.id));
    const moved = fields.find((tf) => String(tf.id) === String(active.id));
    if (to >= 0 && moved) actions.onMove(moved.id, { position: to + 1 });
  };
  const accessibility = useMemo(
    () => ({
      announcements: announcements(() => store.getState().draft.template_fields),
      screenReaderInstructions: {
        draggable:
          'To move a field, press Space or Enter to pick it up, use the up and down arrow keys to move it, and press Space or Enter again to drop it. Press Escape to cancel.',
      },
    }),
    [store],
  );

  return (
    <div>
      <div className={classes.header} aria-hidden>
        <span />
        <span>Field name</span>
        <span>Governance or source</span>
        <span>{isReorderMode ? 'Move' : 'Flags'}</span>
        <span className={classes.actionsHeader} />
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveIndex(null)}
        accessibility={accessibility}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <FieldRows
            activeIndex={activeIndex}
            isReorderMode={isReorderMode}
            actions={actions}
            fieldsetNames={fieldsetNames}
          />
        </SortableContext>
      </DndContext>
    </div>
  );
}

/**
 * Scrolls the window for the virtualiser, except when it asks for the offset it already holds:
 * attaching to the window, the virtualiser writes back the offset it has just read, and that write
 * would force a layout of the whole page before the cards' first paint (bench:templates).
 */
const scrollUnlessInPlace: VirtualizerOptions<Window, Element>['scrollToFn'] = (
  offset,
  options,
  instance: Virtualizer<Window, Element>,
) => {
  if (!options.adjustments && options.behavior === undefined && offset === instance.scrollOffset) return;
  windowScroll(offset, options, instance);
};

/** Separates ids in the order string (no id contains it). */
const ID_SEPARATOR = '\u0001';

/**
 * The mounted cards of the list: follows the fields and their issues, places the cards the window
 * virtualiser says are in view (plus the one being dragged), and, when the editor jumps to a field
 * (`store.focus` with `field:{id}`) whose card is not mounted, scrolls there so the card mounts and
 * takes over (80 px offset, 1 s highlight).
 */
function FieldRows(props: TemplateFieldListProps & { activeIndex: number | null }) {
  const { activeIndex, isReorderMode, actions, fieldsetNames } = props;
  const fields = useTemplateEditor((s) => s.draft.template_fields);
  const issues = useTemplateIssues();
  const listRef = useRef<HTMLOListElement>(null);
  const scrollMargin = useScrollMargin(listRef);
  const virtualizer = useFieldsVirtualizer(fields, activeIndex, scrollMargin);

  const byField = useMemo(() => issuesByField(issues), [issues]);
  const holders = useMemo(() => classificationTypeHolders(fields), [fields]);
  const patterns = useMemo(() => patternLookup(fields), [fields]);
  // What each segment is filled from, or could be ("Paid media › Region"), by template field id.
  const fills = useMemo(() => segmentFills(fields, fieldsetNames), [fields, fieldsetNames]);
  const sourceUrlHolder = holders.get('SOURCE_URL');
  const titleHolder = holders.get('TITLE');

  return (
    <ol
      ref={listRef}
      aria-label="Template fields"
      className={classes.list}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const tf = fields[item.index];
        if (!tf) return null;
        const patternKey = patternKeyOf(tf);
        return (
          <li
            key={item.key}
            aria-posinset={item.index + 1}
            aria-setsize={fields.length}
            data-index={item.index}
            style={{
              position: 'absolute',
              top: item.start - virtualizer.options.scrollMargin,
              left: 0,
              right: 0,
              height: FIELD_CARD_HEIGHT,
            }}
          >
            <TemplateFieldCard
              field={tf}
              position={item.index + 1}
              count={fields.length}
              chipColor={patternKey === null ? null : (patterns.colors.get(patternKey) ?? null)}
              source={fieldSource(tf, { fieldsets: fieldsetNames, patterns: patterns.names })}
              {...issueProps(byField.get(String(tf.id)))}
              fillLabel={fills.filled.get(String(tf.id)) ?? null}
              linkLabel={fills.linkable.get(String(tf.id)) ?? null}
              isSourceUrlTaken={sourceUrlHolder !== undefined && sourceUrlHolder !== tf.id}
              isTitleTaken={titleHolder !== undefined && titleHolder !== tf.id}
              isReorderMode={isReorderMode}
              actions={actions}
            />
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The list's distance from the top of the page, for the window virtualiser; content above it
 * (toolbar, creative classification) may change height. Read when the observer reports (its first
 * report comes with the first frame, after the browser's own layout), not while mounting: a read
 * here would force a layout of the whole page before the cards are painted (bench:templates). The
 * first frame places the cards from the top of the list either way.
 */
function useScrollMargin(listRef: RefObject<HTMLOListElement | null>): number {
  const [scrollMargin, setScrollMargin] = useState(0);
  useEffect(() => {
    const node = listRef.current;
    if (!node) return;
    const measure = () => setScrollMargin(node.getBoundingClientRect().top + window.scrollY);
    const observer = new ResizeObserver(measure);
    if (node.parentElement?.parentElement) observer.observe(node.parentElement.parentElement);
    return () => observer.disconnect();
  }, [listRef]);
  return scrollMargin;
}

/**
 * The window virtualiser of the cards (spec 03 §2 virtualised 108 px cards): keeps the card being
 * dragged (`activeIndex`) mounted, and, when the editor jumps to a field (`store.focus` with
 * `field:{id}`) whose card is not mounted, scrolls there so it mounts (its own hook then scrolls
 * with the 80 px offset and highlights it).
 */
function useFieldsVirtualizer(
  fields: readonly TemplateField[],
  activeIndex: number | null,
  scrollMargin: number,
) {
  const focus = useTemplateEditor((s) => s.focus);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      // The card being dragged stays mounted while the window scrolls away from it.
      if (activeIndex !== null && !indexes.includes(activeIndex))
        return [...indexes, activeIndex].sort((a, b) => a - b);
      return indexes;
    },
    [activeIndex],
  );

  const virtualizer = useWindowVirtualizer({
    scrollToFn: scrollUnlessInPlace,
    count: fields.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 3,
    scrollMargin,
    rangeExtractor,
    getItemKey: (index) => String(fields[index]?.id ?? index),
  });

  useEffect(() => {
    if (!focus || handledJumps.has(focus) || !focus.key.startsWith('field:')) return;
    handledJumps.add(focus);
    const index = fields.findIndex((tf) => `field:${tf.id}` === focus.key);
    if (index < 0) return;
    if (virtualizer.getVirtualItems().some((item) => item.index === index)) return;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [focus, fields, virtualizer]);
  return virtualizer;
}
