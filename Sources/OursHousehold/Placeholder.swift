public enum OursHouseholdModule {}
