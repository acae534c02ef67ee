package dev.weir;

/**
 * Marks an exception whose cause is something a user gave or can change: a setting out of range, a flag missing
 * from the {@code java} command, an engine not on the class path. Its message says what to correct, so a command
 * line prints that message alone as a usage error, without a stack trace, wherever the exception surfaces (the
 * failure itself or one of its causes). Exceptions keep the class they extend and add this interface; it has no
 * members.
 */
public interface UserInputError {
}
