package dev.weir.pipelines.nexmark;

import dev.weir.nexmark.Person;

/**
 * An immutable person: the value a pipeline keeps in place of the generator's pooled {@link Person}.
 *
 * @param id the person id
 * @param name the name
 * @param emailAddress the e-mail address
 * @param creditCard the credit card number
 * @param city the city
 * @param state the state
 * @param dateTime the event time, in milliseconds since the epoch
 * @param extra the padding
 */
public record PersonRecord(long id, String name, String emailAddress, String creditCard, String city, String state,
        long dateTime, String extra) {
    /**
     * @param person a pooled person
     * @return its detached value
     */
    public static PersonRecord of(final Person person) {
        return new PersonRecord(person.id(), person.name().toString(), person.emailAddress().toString(),
                person.creditCard().toString(), person.city().toString(), person.state().toString(), person.dateTime(),
                person.extra().toString());
    }
}
