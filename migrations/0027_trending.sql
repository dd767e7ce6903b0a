CREATE TABLE `hourly_character_chats` (
	`character_id` text NOT NULL,
	`hour` integer NOT NULL,
	`chats` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`character_id`, `hour`)
);
--> statement-breakpoint
CREATE INDEX `hourly_character_chats_hour_idx` ON `hourly_character_chats` (`hour`);--> statement-breakpoint
ALTER TABLE `characters` ADD `trending_day` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `characters` ADD `trending_week` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `characters_public_trending_day_idx` ON `characters` (`is_public`,`trending_day`,`id`);--> statement-breakpoint
CREATE INDEX `characters_public_trending_week_idx` ON `characters` (`is_public`,`trending_week`,`id`);