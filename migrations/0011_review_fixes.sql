ALTER TABLE `daily_stats` ADD `is_backfill` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `source` text DEFAULT 'user' NOT NULL;--> statement-breakpoint
CREATE INDEX `generated_images_created_idx` ON `generated_images` (`created_at`);--> statement-breakpoint
CREATE INDEX `saved_chats_created_idx` ON `saved_chats` (`created_at`);--> statement-breakpoint
CREATE INDEX `stories_created_idx` ON `stories` (`created_at`);--> statement-breakpoint
CREATE INDEX `story_messages_created_idx` ON `story_messages` (`created_at`);--> statement-breakpoint
UPDATE `reports` SET `source` = 'safety' WHERE `reporter_id` IS NULL AND `details` LIKE 'The safety check%';
