-- Pictures of chat messages: the messages are in each owner's own object now (decision 030), so
-- generated_images.message_id keeps the id without a foreign key to the old D1 messages table.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_generated_images` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`character_id` text,
	`message_id` text,
	`job_id` text,
	`prompt` text NOT NULL,
	`negative_prompt` text,
	`model` text NOT NULL,
	`width` integer DEFAULT 512 NOT NULL,
	`height` integer DEFAULT 512 NOT NULL,
	`seed` integer DEFAULT 0 NOT NULL,
	`r2_key` text NOT NULL,
	`is_nsfw` integer DEFAULT false NOT NULL,
	`is_shared` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`character_id`) REFERENCES `characters`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_generated_images`("id", "user_id", "character_id", "message_id", "job_id", "prompt", "negative_prompt", "model", "width", "height", "seed", "r2_key", "is_nsfw", "is_shared", "created_at") SELECT "id", "user_id", "character_id", "message_id", "job_id", "prompt", "negative_prompt", "model", "width", "height", "seed", "r2_key", "is_nsfw", "is_shared", "created_at" FROM `generated_images`;--> statement-breakpoint
DROP TABLE `generated_images`;--> statement-breakpoint
ALTER TABLE `__new_generated_images` RENAME TO `generated_images`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `generated_images_user_created_idx` ON `generated_images` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `generated_images_message_idx` ON `generated_images` (`message_id`);--> statement-breakpoint
CREATE INDEX `generated_images_created_idx` ON `generated_images` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `generated_images_job_unique` ON `generated_images` (`job_id`);