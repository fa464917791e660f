import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export const Accordion = AccordionPrimitive.Root;

/**
 * One question and its answer. The question is a heading of `level` (default 2, under a page's h1: headings must
 * not skip a level, or screen-reader users navigating by heading lose their place).
 */
export function AccordionItem({
  value,
  question,
  children,
  className,
  level = 2,
}: {
  value: string;
  question: ReactNode;
  children: ReactNode;
  className?: string;
  level?: 2 | 3 | 4;
} & Omit<ComponentProps<typeof AccordionPrimitive.Item>, 'value' | 'children'>) {
  const Heading = `h${level}` as const;
  return (
    <AccordionPrimitive.Item value={value} className={cn('border-b border-stone-200 last:border-b-0', className)}>
      <AccordionPrimitive.Header asChild>
        <Heading>
          <AccordionPrimitive.Trigger className="group flex w-full items-center justify-between gap-4 py-5 text-left text-base font-semibold text-stone-900 transition-colors hover:text-brand-700 sm:text-lg">
            {question}
            <ChevronDown
              className="h-5 w-5 shrink-0 text-stone-400 transition-transform duration-200 group-data-[state=open]:rotate-180 group-data-[state=open]:text-brand-600"
              aria-hidden
            />
          </AccordionPrimitive.Trigger>
        </Heading>
      </AccordionPrimitive.Header>
      <AccordionPrimitive.Content className="pb-5 text-[15px] leading-7 text-stone-600">
        {children}
      </AccordionPrimitive.Content>
    </AccordionPrimitive.Item>
  );
}
