-- Chats, their settings, stories and the two allowances live in each person's own object (decisions
-- 027-043); the one-off move out of these tables has run, so they go (decision 052). In production this
-- migration is applied only once the move has reported no user left (the move ran each hour and on
-- each person's first call until then).
DROP TABLE `chat_settings`;--> statement-breakpoint
DROP TABLE `image_tokens`;--> statement-breakpoint
DROP TABLE `message_tokens`;--> statement-breakpoint
DROP TABLE `messages`;--> statement-breakpoint
DROP TABLE `saved_chats`;--> statement-breakpoint
DROP TABLE `story_messages`;--> statement-breakpoint
DROP TABLE `stories`;
