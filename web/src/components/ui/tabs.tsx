import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Tabs = TabsPrimitive.Root;

/** For a few tabs that share a phone's width: icon over a wrapped label, instead of scrolling out of sight. */
export const compactTabClasses =
  'justify-center text-center max-sm:flex-col max-sm:gap-1 max-sm:px-1.5 max-sm:text-xs max-sm:leading-tight max-sm:whitespace-normal';

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        // Scrolls sideways on phones rather than wrapping the tabs onto two lines.
        'flex w-full gap-1 overflow-x-auto rounded-2xl border border-stone-200 bg-white p-1 shadow-xs sm:w-fit',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex shrink-0 items-center gap-2 rounded-xl px-3.5 py-2 text-sm font-semibold whitespace-nowrap text-stone-600 transition-colors',
        'hover:bg-stone-100 hover:text-stone-900 data-[state=active]:bg-stone-900 data-[state=active]:text-white',
        '[&_svg]:h-4 [&_svg]:w-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-6 outline-none', className)} {...props} />;
}
