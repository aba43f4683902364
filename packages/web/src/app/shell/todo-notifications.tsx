import { lazy, Suspense, useEffect, useState } from 'react';
import { ActionIcon, Badge, Box, Button, Center, Divider, Group, Indicator, Loader, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { canDo, canEnterBackOffice, formatDateTime, SCROLL_MAX_HEIGHT, type Todo } from '@isik/domain';
import { IconBell, IconCircle, IconCircleCheckFilled, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeferredTooltip, WithFloating } from '../../components/deferred/deferred-floating';
import { useSession } from '../../lib/session';
import { todoListQuery, useDeleteTodo, useMarkTodo } from '../../features/todos/api/todos-api';

// The new to-do form (and the schemas it validates with) is fetched the first time it is opened (issue 12).
const NewTodoModal = lazy(() => import('../../features/todos/components/new-todo-modal').then((m) => ({ default: m.NewTodoModal })));


/**
 * Header notification list of to-dos (spec 000 2.3; DECISIONS 7): person, date, task and read mark of the
 * signed-in user's to-dos and the office's. Live 'todos' events refetch it.
 */
export function TodoNotifications() {
  const role = useSession((s) => s.role);
  // Dealers, customers and guests may sign in but have no to-dos (the list is a back-office call).
  return canEnterBackOffice(role) ? <TodoBell /> : null;
}

function TodoBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useSession((s) => s.role);
  const [opened, setOpened] = useState(false);
  const [modalOpened, modal] = useDisclosure(false);
  // Mounted from its first opening on, so it can play its closing transition.
  const [modalUsed, setModalUsed] = useState(false);
  useEffect(() => {
    if (modalOpened) setModalUsed(true);
  }, [modalOpened]);
  const list = useQuery(todoListQuery());
  const mark = useMarkTodo();
  const remove = useDeleteTodo();
  const unread = list.data?.unread ?? 0;
  const items = list.data?.Todolist ?? [];
  // Office users assign to-dos (the action table: the dashboard's call).
  const canCreate = canDo('POST /api/todo/create', role);

  const open = (todo: Todo) => {
    if (!todo.link) return;
    if (!todo.read) mark.mutate({ id: todo._id, read: true });
    setOpened(false);
    void navigate(todo.link);
  };

  const bell = (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" offset={6} disabled={unread === 0} inline data-testid="todo-unread">
      <ActionIcon variant="subtle" color="gray" c="inherit" size="lg" onClick={() => setOpened((o) => !o)} aria-label={t('todos.bell', { count: unread })} data-testid="todo-bell">
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );

  return (
    <>
      <WithFloating fallback={bell}>
        {({ Popover }) => (
          <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" withArrow trapFocus={false}>
            <Popover.Target>
              <DeferredTooltip label={t('todos.title')} disabled={opened}>
                {bell}
              </DeferredTooltip>
            </Popover.Target>
            <Popover.Dropdown p={0} data-testid="todo-dropdown">
              <Group justify="space-between" px="sm" py={8} wrap="nowrap">
                <Group gap={6} wrap="nowrap">
                  <Text fw={700}>{t('todos.title')}</Text>
                  {unread > 0 && <Badge size="sm" color="red" variant="light">{t('todos.unreadCount', { count: unread })}</Badge>}
                </Group>
                {canCreate && (
                  <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => { setOpened(false); modal.open(); }}>
                    {t('todos.new')}
                  </Button>
                )}
              </Group>
              <Divider />
              {list.isLoading ? (
                <Center py="lg"><Loader size="sm" /></Center>
              ) : list.isError && !list.data ? (
                <Text c="red" size="sm" p="md">{t('todos.loadFailed')}</Text>
              ) : items.length === 0 ? (
                <Text c="dimmed" size="sm" p="md" ta="center">{t('todos.empty')}</Text>
              ) : (
                <ScrollArea.Autosize mah={SCROLL_MAX_HEIGHT} type="auto">
                  <Stack gap={0}>
                    {items.map((todo) => (
                      <TodoRow
                        key={todo._id}
                        todo={todo}
                        onOpen={() => open(todo)}
                        onToggle={() => mark.mutate({ id: todo._id, read: !todo.read })}
                        onDelete={() => remove.mutate(todo._id)}
                      />
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
              )}
            </Popover.Dropdown>
          </Popover>
        )}
      </WithFloating>
      {modalUsed && (
        <Suspense fallback={null}>
          <NewTodoModal opened={modalOpened} onClose={modal.close} />
        </Suspense>
      )}
    </>
  );
}

function TodoRow({ todo, onOpen, onToggle, onDelete }: { todo: Todo; onOpen: () => void; onToggle: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  // An office to-do (for_role) is for everyone of the office, whoever it names.
  const person = todo.person_id ? todo.person : t('todos.office');
  const from = todo.created_by === 'web' ? t('todos.fromWeb') : todo.created_by ? t('todos.from', { name: todo.created_by }) : '';
  const body = (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" fw={todo.read ? 400 : 700} lineClamp={3} style={{ wordBreak: 'break-word' }}>{todo.task}</Text>
      <Text size="xs" c="dimmed">
        {person} · {formatDateTime(todo.date)}{from ? ` · ${from}` : ''}
      </Text>
    </Stack>
  );
  return (
    <Box
      px="sm"
      py={8}
      data-testid="todo-item"
      data-read={todo.read ? 'true' : 'false'}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)', background: todo.read ? undefined : 'var(--mantine-color-blue-light)' }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <DeferredTooltip label={todo.read ? t('todos.markUnread') : t('todos.markRead')}>
          <ActionIcon variant="subtle" color={todo.read ? 'green' : 'gray'} onClick={onToggle} aria-label={todo.read ? t('todos.markUnread') : t('todos.markRead')} aria-pressed={todo.read} data-testid="todo-read-toggle">
            {todo.read ? <IconCircleCheckFilled size={18} /> : <IconCircle size={18} />}
          </ActionIcon>
        </DeferredTooltip>
        <Box style={{ flex: 1, minWidth: 0 }}>
          {todo.link ? <UnstyledButton onClick={onOpen} w="100%" data-testid="todo-open">{body}</UnstyledButton> : body}
        </Box>
        {todo.canDelete && (
          <DeferredTooltip label={t('todos.delete')}>
            <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={t('todos.delete')}><IconTrash size={16} /></ActionIcon>
          </DeferredTooltip>
        )}
      </Group>
    </Box>
  );
}
