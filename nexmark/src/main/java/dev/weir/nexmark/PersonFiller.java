package dev.weir.nexmark;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/** Fills a {@link Person} from its event id and the event's seeded random draws. */
final class PersonFiller {
    /** The average size of a person, in bytes, that the padding aims at. */
    static final int AVERAGE_SIZE = 200;
    private static final byte[][] FIRST_NAMES =
            ascii("Peter", "Paul", "Luke", "John", "Saul", "Vicky", "Kate", "Julie", "Sarah", "Deiter", "Walter");
    private static final byte[][] LAST_NAMES =
            ascii("Shultz", "Abrams", "Spencer", "White", "Bartels", "Walton", "Smith", "Jones", "Noris");
    private static final byte[][] CITIES = ascii("Phoenix", "Los Angeles", "San Francisco", "Boise", "Portland", "Bend",
            "Redmond", "Seattle", "Kent", "Cheyenne");
    private static final byte[][] STATES = ascii("AZ", "CA", "ID", "OR", "WA", "WY");
    private static final byte[] DOT_COM = ".com".getBytes(StandardCharsets.US_ASCII);
    private static final int LOCAL_PART = 7;
    private static final int DOMAIN = 5;
    private static final int CARD_GROUPS = 4;
    private static final int CARD_GROUP_DIGITS = 4;
    private static final int CARD_GROUP_BOUND = 10_000;
    /** The bytes of the id, counted in the size that the padding completes. */
    private static final int FIXED_SIZE = 8;

    private PersonFiller() {
    }

    static void fill(final long eventId, final long time, final Random random, final Person person) {
        person.id = IdSpace.lastPerson(eventId) + IdSpace.FIRST_PERSON_ID;
        person.name.clear().append(pick(random, FIRST_NAMES)).append(' ').append(pick(random, LAST_NAMES));
        person.emailAddress.clear();
        RandomText.appendWord(random, LOCAL_PART, person.emailAddress);
        person.emailAddress.append('@');
        RandomText.appendWord(random, DOMAIN, person.emailAddress);
        person.emailAddress.append(DOT_COM);
        person.creditCard.clear();
        for (int group = 0; group < CARD_GROUPS; group++) {
            if (group > 0) {
                person.creditCard.append(' ');
            }
            appendDigits(random.nextInt(CARD_GROUP_BOUND), person.creditCard);
        }
        person.city.clear().append(pick(random, CITIES));
        person.state.clear().append(pick(random, STATES));
        person.dateTime = time;
        final int size = FIXED_SIZE + person.name.length() + person.emailAddress.length() + person.creditCard.length()
                + person.city.length() + person.state.length();
        RandomText.fillExtra(random, size, AVERAGE_SIZE, person.extra);
    }

    private static byte[] pick(final Random random, final byte[][] words) {
        return words[random.nextInt(words.length)];
    }

    /** Appends {@code value} (below 10,000) as four digits, with leading zeros. */
    private static void appendDigits(final int value, final AsciiText text) {
        int divisor = CARD_GROUP_BOUND;
        for (int digit = 0; digit < CARD_GROUP_DIGITS; digit++) {
            divisor /= 10;
            text.append((char) ('0' + value / divisor % 10));
        }
    }

    private static byte[][] ascii(final String... words) {
        final byte[][] bytes = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            bytes[i] = words[i].getBytes(StandardCharsets.US_ASCII);
        }
        return bytes;
    }
}
