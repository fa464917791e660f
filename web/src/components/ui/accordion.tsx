import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export const Accordion = AccordionPrimitive.Root;

export function AccordionItem({
  value,
  question,
  children,
  className,
}: {
  value: string;
  question: ReactNode;
  children: ReactNode;
  className?: string;
} & Omit<ComponentProps<typeof AccordionPrimitive.Item>, 'value' | 'children'>) {
  return (
    <AccordionPrimitive.Item value={value} className={cn('border-b border-stone-200 last:border-b-0', className)}>
      <AccordionPrimitive.Header>
        <AccordionPrimitive.Trigger className="group flex w-full items-center justify-between gap-4 py-5 text-left text-base font-semibold text-stone-900 transition-colors hover:text-brand-700 sm:text-lg">
          {question}
          <ChevronDown
            className="h-5 w-5 shrink-0 text-stone-400 transition-transform duration-200 group-data-[state=open]:rotate-180 group-data-[state=open]:text-brand-600"
            aria-hidden
          />
        </AccordionPrimitive.Trigger>
      </AccordionPrimitive.Header>
      <AccordionPrimitive.Content className="pb-5 text-[15px] leading-7 text-stone-600">{children}</AccordionPrimitive.Content>
    </AccordionPrimitive.Item>
  );
}
