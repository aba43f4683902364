import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { TODO_TASK_MAX } from '@isik/domain';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, notifyError, notifySuccess } from '../../../lib/api';
import { todoPeopleQuery, useCreateTodo } from '../api/todos-api';

interface Values { person_id: string | null; task: string }

/** 'New to-do': a person of the back office and the task (DECISIONS 7). */
export function NewTodoModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const people = useQuery({ ...todoPeopleQuery(), enabled: opened });
  const create = useCreateTodo();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { person_id: null, task: '' },
    validate: {
      person_id: (v) => (v ? null : t('todos.error.person')),
      task: (v) => (v.trim() ? null : t('todos.error.task')),
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('todos.new')} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          create.mutate({ person_id: v.person_id ?? '', task: v.task.trim() }, {
            onSuccess: () => {
              notifySuccess('todo.created');
              close();
            },
            onError: (err) => {
              const fields = fieldErrorsOf(err);
              if (fields) form.setErrors(fields);
              notifyError(err);
            },
          }),
        )}
      >
        <Stack gap="sm">
          <Select
            label={t('todos.person')}
            withAsterisk
            searchable
            data-autofocus
            nothingFoundMessage={t('todos.noPeople')}
            placeholder={people.isLoading ? t('todos.loading') : t('todos.choosePerson')}
            data={(people.data?.people ?? []).map((p) => ({ value: p._id, label: p.name }))}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
            {...form.getInputProps('person_id')}
          />
          <Textarea label={t('todos.task')} withAsterisk autosize minRows={3} maxRows={8} maxLength={TODO_TASK_MAX} {...form.getInputProps('task')} name="task" />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" loading={create.isPending} leftSection={<IconSend size={16} />}>{t('todos.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
