import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../ui/PageHeader';
import { NewListForm } from '../manager/NewListForm';

/**
 * /admin/lists-manager/new (spec 02 §2 lists manager): creates a list from a name, a description
 * and a type, then opens it in the editor at /admin/lists-manager/edit/{id}.
 */
export function NewListPage() {
  return (
    <>
      <PageHeader
        title="New list"
        description="Name the list and choose its type. You add its columns and values in the editor next."
        aside={
          <Button
            component={Link}
            to="/admin/lists-manager"
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Back to lists manager
          </Button>
        }
      />
      <NewListForm />
    </>
  );
}
