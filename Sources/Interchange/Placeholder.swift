public enum InterchangePlaceholder {}
