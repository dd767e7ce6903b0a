CREATE TABLE `announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`link` text NOT NULL,
	`author` text NOT NULL,
	`date` integer NOT NULL,
	`content` text NOT NULL,
	`images` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `announcements_date_idx` ON `announcements` (`date`);--> statement-breakpoint
CREATE UNIQUE INDEX `announcements_title_unique` ON `announcements` (`title`);--> statement-breakpoint
CREATE TABLE `auth_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_account_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_accounts_provider_unique` ON `auth_accounts` (`provider`,`provider_account_id`);--> statement-breakpoint
CREATE INDEX `auth_accounts_user_idx` ON `auth_accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `character_content_tags` (
	`character_id` text NOT NULL,
	`content_tag_id` integer NOT NULL,
	PRIMARY KEY(`character_id`, `content_tag_id`),
	FOREIGN KEY (`character_id`) REFERENCES `characters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_tag_id`) REFERENCES `content_tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `character_content_tags_tag_idx` ON `character_content_tags` (`content_tag_id`,`character_id`);--> statement-breakpoint
CREATE TABLE `character_tags` (
	`character_id` text NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`character_id`, `tag_id`),
	FOREIGN KEY (`character_id`) REFERENCES `characters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `character_tags_tag_idx` ON `character_tags` (`tag_id`,`character_id`);--> statement-breakpoint
CREATE TABLE `characters` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`persona` text DEFAULT '' NOT NULL,
	`greeting` text DEFAULT '' NOT NULL,
	`alternate_greetings` text DEFAULT '[]' NOT NULL,
	`scenario` text DEFAULT '' NOT NULL,
	`example_dialogue` text DEFAULT '' NOT NULL,
	`author_notes` text,
	`image_prompt` text,
	`negative_prompt` text,
	`image_prompt_visible` integer DEFAULT false NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`upvotes` integer DEFAULT 0 NOT NULL,
	`favorites` integer DEFAULT 0 NOT NULL,
	`thumbnail` text,
	`is_nsfw_thumbnail` integer DEFAULT false NOT NULL,
	`voice` text,
	`voice_sample_file` text,
	`default_model` text,
	`is_public` integer DEFAULT false NOT NULL,
	`release_date` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `characters_user_idx` ON `characters` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `characters_public_points_idx` ON `characters` (`is_public`,`points`);--> statement-breakpoint
CREATE INDEX `characters_public_release_idx` ON `characters` (`is_public`,`release_date`);--> statement-breakpoint
CREATE INDEX `characters_public_upvotes_idx` ON `characters` (`is_public`,`upvotes`);--> statement-breakpoint
CREATE INDEX `characters_public_favorites_idx` ON `characters` (`is_public`,`favorites`);--> statement-breakpoint
CREATE TABLE `chat_settings` (
	`user_id` text NOT NULL,
	`character_id` text NOT NULL,
	`model` text DEFAULT 'Lightning' NOT NULL,
	`response_length` integer DEFAULT 125 NOT NULL,
	`chat_ui` text DEFAULT 'v2' NOT NULL,
	`image_style` text DEFAULT 'Anime' NOT NULL,
	`image_mode` text DEFAULT 'Mix' NOT NULL,
	`selected_voice` text,
	`dialogue_only` integer DEFAULT false NOT NULL,
	`chat_layout` text DEFAULT 'Center' NOT NULL,
	`image_view` text DEFAULT 'In Chat' NOT NULL,
	`user_bubble_color` text DEFAULT 'bg-zinc-900' NOT NULL,
	`character_bubble_color` text DEFAULT 'bg-gray-900' NOT NULL,
	`persona` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `character_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`character_id`) REFERENCES `characters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `content_tags` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_tags_name_unique` ON `content_tags` (`name`);--> statement-breakpoint
CREATE TABLE `dev_mails` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_mails_created_idx` ON `dev_mails` (`created_at`);--> statement-breakpoint
CREATE TABLE `excluded_content_tags` (
	`user_id` text NOT NULL,
	`content_tag_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `content_tag_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_tag_id`) REFERENCES `content_tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `excluded_tags` (
	`user_id` text NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `tag_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `favorites` (
	`user_id` text NOT NULL,
	`character_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `character_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`character_id`) REFERENCES `characters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favorites_user_created_idx` ON `favorites` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `favorites_character_idx` ON `favorites` (`character_id`);--> statement-breakpoint
CREATE TABLE `generated_images` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`character_id` text,
	`job_id` text,
	`prompt` text NOT NULL,
	`negative_prompt` text,
	`model` text NOT NULL,
	`r2_key` text NOT NULL,
	`is_nsfw` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`character_id`) REFERENCES `characters`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `generated_images_user_created_idx` ON `generated_images` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`type` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`input` text NOT NULL,
	`reply` text,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `jobs_user_created_idx` ON `jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_status_idx` ON `jobs` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `message_tokens` (
	`user_id` text PRIMARY KEY NOT NULL,
	`token` integer NOT NULL,
	`reset_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`chat_id` text NOT NULL,
	`parent_id` text,
	`role` text NOT NULL,
	`content` text NOT NULL,
	`status` text DEFAULT 'complete' NOT NULL,
	`error` text,
	`model` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `saved_chats`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_chat_created_idx` ON `messages` (`chat_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_parent_idx` ON `messages` (`parent_id`);--> statement-breakpoint
CREATE TABLE `paid_users` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`patreon_member_id` text NOT NULL,
	`patreon_email` text,
	`tier` text NOT NULL,
	`status` text NOT NULL,
	`last_event_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `paid_users_member_unique` ON `paid_users` (`patreon_member_id`);--> statement-breakpoint
CREATE INDEX `paid_users_email_idx` ON `paid_users` (`patreon_email`);--> statement-breakpoint
CREATE INDEX `paid_users_user_idx` ON `paid_users` (`user_id`);--> statement-breakpoint
CREATE TABLE `patreon_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`patreon_email` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `patreon_connections_user_idx` ON `patreon_connections` (`user_id`);--> statement-breakpoint
CREATE INDEX `patreon_connections_email_idx` ON `patreon_connections` (`patreon_email`);--> statement-breakpoint
CREATE TABLE `personas` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`persona` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `personas_user_idx` ON `personas` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`reporter_id` text,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`reason` text NOT NULL,
	`details` text,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reports_status_created_idx` ON `reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_target_idx` ON `reports` (`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `saved_chats` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`character_id` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`selected` integer DEFAULT false NOT NULL,
	`leaf_message_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`character_id`) REFERENCES `characters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_chats_user_character_idx` ON `saved_chats` (`user_id`,`character_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `saved_chats_user_updated_idx` ON `saved_chats` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `short_links` (
	`code` text PRIMARY KEY NOT NULL,
	`original_url` text NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `short_links_url_unique` ON `short_links` (`original_url`);--> statement-breakpoint
CREATE TABLE `stories` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stories_user_updated_idx` ON `stories` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `story_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`story_id` text NOT NULL,
	`role` text NOT NULL,
	`content` text NOT NULL,
	`choices` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`story_id`) REFERENCES `stories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `story_messages_story_created_idx` ON `story_messages` (`story_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_name_unique` ON `tags` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `tags_slug_unique` ON `tags` (`slug`);--> statement-breakpoint
CREATE TABLE `upvotes` (
	`user_id` text NOT NULL,
	`character_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `character_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`character_id`) REFERENCES `characters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `upvotes_character_idx` ON `upvotes` (`character_id`);--> statement-breakpoint
CREATE TABLE `user_preferences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`image_style` text DEFAULT 'Anime' NOT NULL,
	`is_realistic` integer DEFAULT false NOT NULL,
	`show_images` integer DEFAULT true NOT NULL,
	`chat_layout` text DEFAULT 'Center' NOT NULL,
	`mobile_image_view` text DEFAULT 'In Chat' NOT NULL,
	`auto_image_generation` integer DEFAULT false NOT NULL,
	`user_message_bubble` integer DEFAULT true NOT NULL,
	`character_message_bubble` integer DEFAULT true NOT NULL,
	`user_message_bubble_color` text DEFAULT 'bg-zinc-900' NOT NULL,
	`character_message_bubble_color` text DEFAULT 'bg-gray-900' NOT NULL,
	`font_size` integer DEFAULT 16 NOT NULL,
	`dialogue_only_vocals` integer DEFAULT true NOT NULL,
	`image_generation_mode` text DEFAULT 'Mix' NOT NULL,
	`show_nsfw_thumbnails` integer DEFAULT true NOT NULL,
	`chat_ui` text DEFAULT 'v2' NOT NULL,
	`card_view` text DEFAULT 'grid' NOT NULL,
	`enter_to_send` integer DEFAULT true NOT NULL,
	`referrer` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text,
	`email` text NOT NULL,
	`image` text,
	`tier` text DEFAULT 'FREE' NOT NULL,
	`persona` text,
	`name_known_to_bot` text,
	`description` text,
	`is_subscription_active` integer DEFAULT false NOT NULL,
	`is_moderator` integer DEFAULT false NOT NULL,
	`is_banned` integer DEFAULT false NOT NULL,
	`age_confirmed_at` integer,
	`terms_accepted_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `verification_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`target` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `verification_codes_user_idx` ON `verification_codes` (`user_id`,`purpose`);