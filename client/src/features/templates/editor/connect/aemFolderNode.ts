import type { TreeNodeData } from '@mantine/core';
import type { AemFolderView } from '@nomen/shared';

/**
 * A folder of the AEM folder picker as a tree node (spec 03 §4 "Tree folder picker"): labelled by
 * its title, as AEM's own consoles show it, followed by its name in parentheses when the two differ
 * (the name is what the path holds); by its name alone when it has no title. The value is its path.
 */
export function aemFolderNode(folder: AemFolderView): TreeNodeData {
  const title = folder.title?.trim() ?? '';
  const label = title === '' || title === folder.name ? folder.name : `${title} (${folder.name})`;
  return { label, value: folder.path, hasChildren: true };
}
