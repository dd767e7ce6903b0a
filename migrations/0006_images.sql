-- Pictures (issue 12). generated_images was never written before this migration, so it is made again
-- with the message it pictures (its foreign key needs ON DELETE SET NULL, which ADD COLUMN cannot say).
CREATE TABLE `image_tokens` (
	`user_id` text PRIMARY KEY NOT NULL,
	`token` integer NOT NULL,
	`reset_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP TABLE `generated_images`;--> statement-breakpoint
CREATE TABLE `generated_images` (
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
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `generated_images_user_created_idx` ON `generated_images` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `generated_images_message_idx` ON `generated_images` (`message_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `generated_images_job_unique` ON `generated_images` (`job_id`);
