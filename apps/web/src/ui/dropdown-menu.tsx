import * as Menu from '@radix-ui/react-dropdown-menu';
import { useCallback, useState, type ReactNode } from 'react';
import { cn } from '../lib/cn';

interface DropdownMenuProps {
  /** The element that opens the menu (a Button); it receives aria-haspopup / aria-expanded. */
  trigger: ReactNode;
  align?: 'start' | 'center' | 'end';
  children: ReactNode;
}

/**
 * A menu of actions (Radix): arrow keys move, Escape closes, focus returns to the trigger. The open
 * menu is placed at the end of the trigger's landmark (the page's main), so that it stays inside
 * a landmark like the rest of the page (axe 'region'); it is positioned fixed, so no scroll box
 * clips it.
 */
export function DropdownMenu({ trigger, align = 'end', children }: DropdownMenuProps) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const triggerRef = useCallback((element: HTMLElement | null) => {
    if (element) setContainer(element.closest<HTMLElement>('main, [role="main"]'));
  }, []);
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild ref={triggerRef}>
        {trigger}
      </Menu.Trigger>
      <Menu.Portal container={container}>
        <Menu.Content
          align={align}
          sideOffset={6}
          collisionPadding={8}
          className="z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
        >
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

interface DropdownMenuItemProps {
  onSelect?: () => void;
  icon?: ReactNode;
  tone?: 'default' | 'danger';
  disabled?: boolean;
  children: ReactNode;
}

export function DropdownMenuItem({ onSelect, icon, tone = 'default', disabled, children }: DropdownMenuItemProps) {
  return (
    <Menu.Item
      disabled={disabled}
      onSelect={onSelect}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none select-none',
        'data-disabled:pointer-events-none data-disabled:opacity-50 [&_svg]:size-4',
        tone === 'danger'
          ? 'text-red-700 data-highlighted:bg-red-50'
          : 'text-slate-700 data-highlighted:bg-slate-100 data-highlighted:text-slate-900',
      )}
    >
      {icon && <span aria-hidden="true">{icon}</span>}
      {children}
    </Menu.Item>
  );
}

export function DropdownMenuSeparator() {
  return <Menu.Separator className="my-1 h-px bg-slate-100" />;
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return <Menu.Label className="px-2.5 py-1.5 text-xs font-medium text-slate-500">{children}</Menu.Label>;
}
