import { Module } from '@nestjs/common';
import { FilterHabits } from './filter-habits.js';

/**
 * FilterHabits on its own, so the directory's list (BrandsModule) can count a search without importing the
 * passport's module, which imports BrandsModule.
 */
@Module({ providers: [FilterHabits], exports: [FilterHabits] })
export class FilterHabitsModule {}
