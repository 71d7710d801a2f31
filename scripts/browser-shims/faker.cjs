// Prism asks for faker with every locale (4 MB) for `x-faker` keywords only: the browser build gets English.
const faker = require('@faker-js/faker/locale/en');

module.exports = { default: faker, faker };
