import {
  Alert,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Text,
  Tree,
  type TreeNodeData,
  UnstyledButton,
  useTree,
} from '@mantine/core';
import {
  AEM_FOLDER_LEVEL_DELAY_MS,
  type AemDataType,
  aemFolderLevels,
  aemFolderTreeRoot,
} from '@nomen/shared';
import { IconChevronRight, IconCloudOff, IconFolder } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../api/errors';
import { aemFolderNode } from './aemFolderNode';
import { loadAemFolders } from './useProviderChoices';

/** The tree with `children` put under the node whose value is `path`. */
function withChildren(nodes: TreeNodeData[], path: string, children: TreeNodeData[]): TreeNodeData[] {
  return nodes.map((node) =>
    node.value === path
      ? { ...node, children }
      : node.children
        ? { ...node, children: withChildren(node.children, path, children) }
        : node,
  );
}

/** The tree before anything is loaded: the root of `dataType`'s folder tree. */
function rootOf(dataType: AemDataType): TreeNodeData[] {
  const root = aemFolderTreeRoot(dataType);
  return [{ label: root, value: root, hasChildren: true }];
}

/**
 * The folder tree of a content-management account (spec 03 §4 "Tree folder picker: nodes load
 * children when opened; root path is /"; §7 POST /api/v1/integrations/aem/folders; §9 "Folder fetch
 * delay 300 ms between levels"): a dialog whose tree starts at the root of the data type's tree —
 * / (the DAM) for file assets, /content (AEM Sites pages and folders) for pages —, loads a folder's
 * children when it is opened, and on opening walks down to the current folder one level at a time,
 * 300 ms apart. Clicking a folder picks it. When the folders cannot be loaded it says so; the folder
 * is then typed in the form. Give it a `key` of the account and data type: the tree is not reset
 * when they change.
 */
export function AemFolderTreePicker(props: {
  opened: boolean;
  connectorId: number;
  dataType: AemDataType;
  value: string;
  onPick: (path: string) => void;
  onClose: () => void;
}) {
  const { data, failure, tree } = useAemFolderTree(props);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Choose a folder" size="md">
      {failure ? (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} aria-hidden />} mb="sm">
          The folders could not be loaded ({failure}). Close this dialog and type the folder path instead.
        </Alert>
      ) : null}
      <ScrollArea.Autosize mah={360}>
        <Tree
          data={data}
          tree={tree}
          aria-label="Folders"
          renderNode={({ node, expanded, hasChildren, elementProps, isLoading }) => (
            <Group gap={4} wrap="nowrap" {...elementProps}>
              {hasChildren ? (
                <IconChevronRight
                  size={14}
                  aria-hidden
                  style={{ transform: expanded ? 'rotate(90deg)' : undefined, transition: 'transform 150ms' }}
                />
              ) : null}
              <IconFolder size={16} aria-hidden />
              <UnstyledButton
                onClick={(event) => {
                  event.stopPropagation();
                  props.onPick(node.value);
                }}
                aria-label={`Choose ${node.value}`}
              >
                <Text size="sm" fw={node.value === props.value ? 600 : undefined}>
                  {node.label}
                </Text>
              </UnstyledButton>
              {isLoading ? <Loader size={12} aria-label={`Loading ${node.value}`} /> : null}
            </Group>
          )}
        />
      </ScrollArea.Autosize>
    </Modal>
  );
}

/**
 * The picker's tree (spec 03 §4, §7, §9): its nodes from the root of the data type's tree, a
 * folder's children loaded when it is opened (`failure` holds the last load's error text, or null),
 * and, while the dialog is open, a walk down to the current folder `value` level by level, 300 ms
 * apart.
 */
function useAemFolderTree(props: {
  opened: boolean;
  connectorId: number;
  dataType: AemDataType;
  value: string;
}) {
  const { connectorId, dataType, opened, value } = props;
  const [data, setData] = useState<TreeNodeData[]>(() => rootOf(dataType));
  const [failure, setFailure] = useState<string | null>(null);
  const onLoadChildren = useCallback(
    async (path: string) => {
      try {
        const folders = await loadAemFolders(connectorId, path, dataType);
        setFailure(null);
        setData((current) => withChildren(current, path, folders.map(aemFolderNode)));
      } catch (error) {
        setFailure(errorMessage(error, 'unknown error'));
        throw error;
      }
    },
    [connectorId, dataType],
  );
  const tree = useTree({ onLoadChildren });
  const treeRef = useRef(tree);
  treeRef.current = tree;

  // Walk down to the current folder level by level, pausing between levels (spec 03 §9).
  useEffect(() => {
    if (!opened) return;
    let isCancelled = false;
    void (async () => {
      const levels = aemFolderLevels(dataType, value);
      for (const [index, level] of levels.entries()) {
        if (isCancelled) return;
        if (index > 0) await new Promise((resolve) => window.setTimeout(resolve, AEM_FOLDER_LEVEL_DELAY_MS));
        if (isCancelled) return;
        try {
          await treeRef.current.loadNode(level);
        } catch {
          return;
        }
        treeRef.current.expand(level);
      }
    })();
    return () => {
      isCancelled = true;
    };
  }, [opened, value, dataType]);
  return { data, failure, tree };
}
