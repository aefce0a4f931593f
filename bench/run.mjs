// npm run bench: load scenarios live here. The ticket/message benchmarks arrive with the inbox.
console.log("No benchmarks yet: the inbox issue adds the 50k tickets / 500k messages scenario.");
